import { playerText } from '@/i18n/player';

/** The player's black 16:9 box with a spinner while its chunk arrives, so nothing moves when it shows. */
export function PlayerLoading() {
  return (
    <div className="grid aspect-video w-full place-items-center rounded-xl border bg-black" role="status">
      <span className="sr-only">{playerText.loading}</span>
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-white/25 border-t-white" />
    </div>
  );
}
