// The module itself is the renderer of a given text (its typings only declare the helpers), so it is imported whole.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import svgCaptcha = require('svg-captcha');
import type { EntityManager } from 'typeorm';
import {
  CAPTCHA_LENGTH,
  CAPTCHA_MAX_ATTEMPTS,
  CAPTCHA_TTL_MS,
  captchaMatches,
  captchaUsable,
  generateCaptchaText,
} from '../domain/captcha';
import { isUuid } from '../domain/secrets';
import type { Deps, RequestMeta } from './deps';
import { ipKey } from './deps';
import { modify } from './sql';

type RenderText = (text: string, options?: Parameters<typeof svgCaptcha.create>[0]) => string;
const renderText = svgCaptcha as unknown as RenderText;

export interface IssuedCaptcha {
  id: string;
  svg: string;
  expiresAt: Date;
}

export type CaptchaIssue = { ok: true; captcha: IssuedCaptcha } | { ok: false; retryInMs: number };

export class Captchas {
  constructor(private readonly deps: Deps) {}

  async create(meta: RequestMeta): Promise<CaptchaIssue> {
    const wait = await this.deps.limits.consume('captchaPerIp', ipKey(meta));
    if (wait !== null) return { ok: false, retryInMs: wait };
    const text = generateCaptchaText();
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
    const [row] = (await this.deps.ds.query('INSERT INTO captchas (answer, expires_at) VALUES ($1, $2) RETURNING id', [text, expiresAt])) as Array<{
      id: string;
    }>;
    const svg = renderText(text, { size: CAPTCHA_LENGTH, noise: 3, width: 160, height: 56, fontSize: 56, color: true, background: '#f5f5f4' });
    return { ok: true, captcha: { id: row!.id, svg, expiresAt } };
  }

  /** The live check while typing: counts as an attempt, never spends the captcha. */
  async check(id: string, answer: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const { rows } = await modify<{ answer: string }>(
      this.deps.ds,
      `UPDATE captchas SET attempts = attempts + 1
        WHERE id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
        RETURNING answer`,
      [id, CAPTCHA_MAX_ATTEMPTS],
    );
    return rows.length > 0 && captchaMatches(rows[0]!.answer, answer);
  }

  /**
   * Spends the captcha when the answer is right (single use), counts an attempt when it is wrong.
   * Runs in its own transaction so a right answer stays spent whatever happens to the sign-up.
   */
  async spend(id: string, answer: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.deps.ds.transaction(async (manager: EntityManager) => {
      const rows = (await manager.query('SELECT answer, expires_at, attempts, used_at FROM captchas WHERE id = $1 FOR UPDATE', [id])) as Array<{
        answer: string;
        expires_at: Date;
        attempts: number;
        used_at: Date | null;
      }>;
      const row = rows[0];
      if (!row || !captchaUsable({ expiresAt: row.expires_at, attempts: row.attempts, usedAt: row.used_at }, new Date())) return false;
      const right = captchaMatches(row.answer, answer);
      await manager.query(`UPDATE captchas SET attempts = attempts + 1, used_at = CASE WHEN $2 THEN now() ELSE used_at END WHERE id = $1`, [id, right]);
      return right;
    });
  }
}
