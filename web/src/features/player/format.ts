import { playerText } from '../../i18n/player';

/** A time as a screen reader says it: '1 min 20 s', '10 min', '45 s', '1 h 2 min'. */
export function spokenTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  if (seconds || parts.length === 0) parts.push(`${seconds} s`);
  return parts.join(' ');
}

/** The slider's aria-valuetext: '1 min 20 s sur 10 min'. */
export function positionText(position: number, duration: number): string {
  return playerText.positionOf(spokenTime(position), spokenTime(duration));
}

/** The clock next to the slider: '1:20', '1:02:03'. */
export function clockTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** '≈ 15 Mo pour cette leçon', '≈ 1,5 Mo pour cette leçon' (one decimal below 10 Mo). */
export function costText(megabytes: number): string {
  // A silent or very short lesson's audio: '≈ 0 Mo' would read as free.
  if (megabytes < 0.1) return playerText.costTiny;
  return playerText.cost((megabytes < 10 ? oneDecimal : whole).format(megabytes));
}
