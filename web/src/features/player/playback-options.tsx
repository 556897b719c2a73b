import { Gauge, Headphones } from 'lucide-react';
import type { ReactNode } from 'react';
import { playerText as t } from '@/i18n/player';
import { cn } from '@/lib/utils';
import { costText } from './format';

export interface RenditionCost {
  name: string;
  height: number | null;
  megabytes: number;
}

function Switch({ checked, onChange, icon, label, hint, cost, testId }: { checked: boolean; onChange(on: boolean): void; icon: ReactNode; label: string; hint: string; cost: string | null; testId: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      data-testid={testId}
      className={cn(
        'flex min-w-0 flex-1 items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        checked && 'border-primary bg-accent/60',
      )}
    >
      <span className="text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-xs text-muted-foreground">{cost ? `${hint} · ${cost}` : hint}</span>
      </span>
      <span aria-hidden="true" className={cn('relative h-6 w-10 shrink-0 rounded-full bg-muted-foreground/30 transition-colors', checked && 'bg-primary')}>
        <span className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-4')} />
      </span>
    </button>
  );
}

/**
 * The two ways to spend less data, under the player, each with what the whole lesson costs that
 * way ('≈ 15 Mo pour cette leçon'): the lowest rung only, or the sound alone.
 */
export function PlaybackOptions({
  renditions,
  dataSaver,
  audioOnly,
  onDataSaver,
  onAudioOnly,
}: {
  renditions: RenditionCost[];
  dataSaver: boolean;
  audioOnly: boolean;
  onDataSaver(on: boolean): void;
  onAudioOnly(on: boolean): void;
}) {
  const lowest = renditions.find((r) => r.height !== null);
  const audio = renditions.find((r) => r.height === null);
  return (
    <div role="group" aria-label={t.options} className="flex flex-col gap-2 sm:flex-row" data-testid="playback-options">
      <Switch
        checked={dataSaver}
        onChange={onDataSaver}
        icon={<Gauge />}
        label={t.dataSaver}
        hint={t.dataSaverHint}
        cost={lowest ? costText(lowest.megabytes) : null}
        testId="data-saver"
      />
      {audio && (
        <Switch
          checked={audioOnly}
          onChange={onAudioOnly}
          icon={<Headphones />}
          label={t.audioOnly}
          hint={t.audioOnlyHint}
          cost={costText(audio.megabytes)}
          testId="audio-only"
        />
      )}
    </div>
  );
}
