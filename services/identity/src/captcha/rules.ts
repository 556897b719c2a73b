import { randomInt, timingSafeEqual } from 'node:crypto';

export const CAPTCHA_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** Live checks plus the sign-up; past this the captcha is dead and a new one must be drawn. */
export const CAPTCHA_MAX_ATTEMPTS = 10;

/** Five characters from A-Z0-9, drawn with the CSPRNG (uniform: randomInt rejects biased draws). */
export function generateCaptchaText(draw: (max: number) => number = randomInt): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[draw(CAPTCHA_ALPHABET.length)];
  return text;
}

export function normaliseCaptchaAnswer(answer: string): string {
  return answer.trim().toUpperCase();
}

/** Case-insensitive, and without revealing through timing how many characters matched. */
export function captchaMatches(expected: string, answer: string): boolean {
  const a = Buffer.from(normaliseCaptchaAnswer(expected));
  const b = Buffer.from(normaliseCaptchaAnswer(answer));
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export interface CaptchaState {
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
}

/** Whether a captcha may still be checked or spent. */
export function captchaUsable(state: CaptchaState, now: Date): boolean {
  return state.usedAt === null && state.expiresAt.getTime() > now.getTime() && state.attempts < CAPTCHA_MAX_ATTEMPTS;
}
