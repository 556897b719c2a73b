import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import { randomInt } from 'node:crypto';
import type * as svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH } from './rules';

type RenderText = (text: string, options?: Parameters<typeof svgCaptcha.create>[0]) => string;

/**
 * The drawing libraries (svg-captcha with its font, resvg's native rasteriser), loaded on the first
 * captcha rather than at boot: a restarted identity answers sooner (issue 22 §5). svg-captcha's
 * module itself is the renderer of a given text (its typings only declare the helpers).
 */
function drawing(): { renderText: RenderText; Resvg: typeof ResvgClass } {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    renderText: require('svg-captcha') as RenderText,
    Resvg: (require('@resvg/resvg-js') as typeof import('@resvg/resvg-js')).Resvg,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
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
  const { renderText, Resvg } = drawing();
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
