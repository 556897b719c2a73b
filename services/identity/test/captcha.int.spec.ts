import { withHarness } from '@lbf/service-kit/testing';
// The attack reads svg-captcha's own markup, so it builds its glyph table from the module itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import svgCaptcha = require('svg-captcha');
import { CAPTCHA_ALPHABET } from '../src/captcha/rules';
import { solveProofOfWork } from '../src/captcha/proof-of-work';
import { CREATE_CAPTCHA, identityHarness, SIGN_UP } from './harness';

type RenderText = (text: string, options?: Record<string, unknown>) => string;
const renderText = svgCaptcha as unknown as RenderText;

/**
 * The attack run's solver: svg-captcha draws each character as one filled path whose sequence of
 * path commands depends on the glyph only (jitter moves the points, never the commands), so a table
 * of the 36 signatures reads any captcha in its markup, left to right.
 */
const signature = (d: string) => d.replace(/[^A-Za-z]/g, '');
const glyphPaths = (markup: string) => [...markup.matchAll(/<path fill="[^"]*" d="([^"]*)"/g)].map((m) => m[1]!);
const table = new Map(
  [...CAPTCHA_ALPHABET].map((c) => [signature(glyphPaths(renderText(c, { size: 1, width: 160, height: 56, fontSize: 56, noise: 0 }))[0]!), c]),
);
function attack(markup: string): string {
  return glyphPaths(markup)
    .map((d) => ({ x: Number(/^M([\d.]+)/.exec(d)?.[1] ?? 0), c: table.get(signature(d)) ?? '' }))
    .sort((a, b) => a.x - b.x)
    .map((g) => g.c)
    .join('');
}

describe('captcha', () => {
  const h = withHarness(() => identityHarness());

  const answerOf = async (id: string) =>
    (await h.sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id])).rows[0]!.answer;

  it("the attack run's solver reads svg-captcha's markup (so the next test can fail)", () => {
    expect(table.size).toBe(36);
    expect(attack(renderText('K7Q2Z', { size: 5, noise: 3, width: 160, height: 56, fontSize: 56, color: true }))).toBe('K7Q2Z');
  });

  it('serves a raster image that the same solver cannot read: 0 of 20', async () => {
    const browser = h.browser();
    let solved = 0;
    for (let i = 0; i < 20; i++) {
      const captcha = (await browser.gql(CREATE_CAPTCHA)).data!.createCaptcha;
      const answer = await answerOf(captcha.id);
      // Whatever the field holds, read as markup and as decoded bytes alike.
      const served = JSON.stringify(captcha);
      const bytes = Buffer.from(String(captcha.image).replace(/^data:[^,]*,/, ''), 'base64');
      expect(captcha.image).toMatch(/^data:image\/png;base64,/);
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(served).not.toMatch(/<path|<svg/);
      expect(bytes.toString('latin1')).not.toMatch(/<path|<svg/);
      if (attack(served) === answer || attack(bytes.toString('latin1')) === answer) solved += 1;
    }
    expect(solved).toBe(0);
  });

  it('asks for a proof of work bound to the captcha', async () => {
    const captcha = (await h.browser().gql(CREATE_CAPTCHA)).data!.createCaptcha;
    expect(captcha.proofOfWork).toEqual({ challenge: captcha.id, difficulty: 12 });
  });

  it('refuses a sign-up without a valid proof of work before touching the captcha, and creates nothing', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser);
    // The first nonce that misses the difficulty: a guess, not a proof.
    let guess = 0;
    while (solveProofOfWork(String(input.captchaId), 12) === String(guess)) guess++;
    for (const proofOfWork of ['', String(guess), 'not a nonce']) {
      const res = await browser.gql(SIGN_UP, { input: { ...input, proofOfWork } });
      expect(res.data!.signUp).toMatchObject({ user: null, error: { code: 'CAPTCHA_INVALID', message: 'Code incorrect', field: 'captchaAnswer' } });
    }
    const { rows } = await h.sql.query('SELECT attempts, used_at FROM identity.captchas WHERE id = $1', [input.captchaId]);
    expect(rows[0]).toEqual({ attempts: 0, used_at: null });
    expect((await h.sql.query('SELECT 1 FROM identity.users WHERE email = $1', [input.email])).rowCount).toBe(0);
    // The honest page's proof still works with this captcha.
    expect((await browser.gql(SIGN_UP, { input })).data!.signUp.error).toBeNull();
  });

  it('accepts a proof once: replayed with the same captcha it is refused before the captcha is checked', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser);
    const wrongAnswer = input.captchaAnswer === 'aaaaa' ? 'bbbbb' : 'aaaaa';
    const first = await browser.gql(SIGN_UP, { input: { ...input, captchaAnswer: wrongAnswer } });
    expect(first.data!.signUp.error).toMatchObject({ code: 'CAPTCHA_INVALID' });
    const replay = await browser.gql(SIGN_UP, { input });
    expect(replay.data!.signUp).toMatchObject({ user: null, error: { code: 'CAPTCHA_INVALID' } });
    // The wrong answer counted one attempt; the replay never reached the captcha.
    const { rows } = await h.sql.query('SELECT attempts, used_at FROM identity.captchas WHERE id = $1', [input.captchaId]);
    expect(rows[0]).toEqual({ attempts: 1, used_at: null });
    expect((await h.sql.query('SELECT 1 FROM identity.users WHERE email = $1', [input.email])).rowCount).toBe(0);
  });
});
