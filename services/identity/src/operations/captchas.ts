// The module itself is the renderer of a given text (its typings only declare the helpers), so it is imported whole.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import svgCaptcha = require('svg-captcha');
import { Resvg } from '@resvg/resvg-js';
import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  CAPTCHA_LENGTH,
  CAPTCHA_MAX_ATTEMPTS,
  CAPTCHA_TTL_MS,
  captchaMatches,
  captchaUsable,
  generateCaptchaText,
} from '../domain/captcha';
import { DEFAULT_PROOF_OF_WORK_DIFFICULTY, proofOfWorkValid } from '../domain/proof-of-work';
import { isUuid } from '../domain/secrets';
import type { Deps, RequestMeta } from './deps';
import { ipKey } from './deps';
import { modify } from './sql';

type RenderText = (text: string, options?: Parameters<typeof svgCaptcha.create>[0]) => string;
const renderText = svgCaptcha as unknown as RenderText;

export interface IssuedCaptcha {
  id: string;
  /** A PNG as a data URL: pixels only, no markup that names the glyphs. */
  image: string;
  expiresAt: Date;
  /** The page finds a nonce for this challenge (the captcha's id) before signing up. */
  proofOfWork: { challenge: string; difficulty: number };
}

const WIDTH = 160;
const HEIGHT = 56;

/**
 * svg-captcha draws each character as its own path, so its markup names the glyphs (a script read
 * 30 of 30 without OCR). The SVG is only a drawing step here: it is warped by a turbulence
 * displacement (no two glyphs keep the font's outline), covered with speckles and crossing strokes,
 * and rasterised; the browser receives the PNG only.
 */
export function renderCaptchaPng(text: string): Buffer {
  const drawn = renderText(text, { size: CAPTCHA_LENGTH, noise: 3, width: WIDTH, height: HEIGHT, fontSize: 56, color: true, background: '#f5f5f4' });
  const inner = drawn.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const speckles = Array.from({ length: 160 }, () => {
    const shade = randomInt(60, 200);
    return `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="${(randomInt(4, 13) / 10).toFixed(1)}" fill="rgb(${shade},${shade},${shade})" opacity="0.7"/>`;
  }).join('');
  const strokes = Array.from({ length: 2 }, () => {
    const y = () => randomInt(8, HEIGHT - 8);
    return `<path d="M0 ${y()} C${randomInt(30, 70)} ${y()},${randomInt(90, 130)} ${y()},${WIDTH} ${y()}" stroke="#666" stroke-width="1.1" fill="none"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<filter id="warp" x="0" y="0" width="100%" height="100%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="0.0${randomInt(25, 45)}" numOctaves="2" seed="${randomInt(1, 100_000)}" result="noise"/>` +
    `<feDisplacementMap in="SourceGraphic" in2="noise" scale="${randomInt(6, 10)}" xChannelSelector="R" yChannelSelector="G"/>` +
    `</filter>` +
    `<g filter="url(#warp)">${inner}${strokes}</g>${speckles}</svg>`;
  // Twice the displayed size, so the image stays sharp on dense phone screens.
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH * 2 } }).render().asPng();
}

export type CaptchaIssue = { ok: true; captcha: IssuedCaptcha } | { ok: false; retryInMs: number };

export class Captchas {
  private readonly difficulty: number;

  constructor(private readonly deps: Deps) {
    this.difficulty = deps.proofOfWorkDifficulty ?? DEFAULT_PROOF_OF_WORK_DIFFICULTY;
  }

  async create(meta: RequestMeta): Promise<CaptchaIssue> {
    const wait = await this.deps.limits.consume('captchaPerIp', ipKey(meta));
    if (wait !== null) return { ok: false, retryInMs: wait };
    const text = generateCaptchaText();
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
    const [row] = (await this.deps.ds.query('INSERT INTO captchas (answer, expires_at) VALUES ($1, $2) RETURNING id', [text, expiresAt])) as Array<{
      id: string;
    }>;
    const image = `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}`;
    return { ok: true, captcha: { id: row!.id, image, expiresAt, proofOfWork: { challenge: row!.id, difficulty: this.difficulty } } };
  }

  /**
   * Checks the page's proof of work for this captcha and spends it: a proof is good once (SET NX,
   * kept as long as the captcha lives), so a replayed form pays again or is refused.
   */
  async spendProofOfWork(captchaId: string, nonce: string): Promise<boolean> {
    if (!isUuid(captchaId) || !proofOfWorkValid(captchaId, nonce, this.difficulty)) return false;
    const key = `${this.deps.config.redisKeyPrefix}:identity:pow:${captchaId}`;
    return (await this.deps.redis.set(key, '1', 'PX', CAPTCHA_TTL_MS, 'NX')) === 'OK';
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
