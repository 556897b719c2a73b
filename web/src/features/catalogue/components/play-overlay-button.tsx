import { Play } from 'lucide-react';

/**
 * The big play button over a video's thumbnail. `preload` fetches the player's code from the
 * moment a finger or pointer reaches the button (or it gets the focus), before the tap.
 */
export function PlayOverlayButton({ label, onPlay, preload }: { label: string; onPlay(): void; preload(): void }) {
  return (
    <button
      type="button"
      onClick={onPlay}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      aria-label={label}
      className="group absolute inset-0 grid place-items-center bg-black/20 transition-colors hover:bg-black/30 focus-visible:outline-none"
      data-testid="thumbnail-play"
    >
      <span className="grid size-16 place-items-center rounded-full bg-white/95 text-primary shadow-lg transition-transform group-hover:scale-105 group-focus-visible:ring-4 group-focus-visible:ring-ring sm:size-20">
        <Play className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
      </span>
    </button>
  );
}
