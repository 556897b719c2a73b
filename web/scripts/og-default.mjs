// Draws web/public/og-default.png, the link preview (Open Graph) image of pages without their own:
// 1200×630, the size WhatsApp and Facebook show as a large card. Run once after changing the
// design: `node web/scripts/og-default.mjs` (sharp comes with the catalogue service).
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/og-default.png', import.meta.url));
const green = '#15803d';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#dcfce7"/>
      <stop offset="1" stop-color="#f8faf8"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect y="590" width="1200" height="40" fill="${green}"/>
  <g transform="translate(110 175) scale(4.4)">
    <rect width="64" height="64" rx="14" fill="${green}"/>
    <path d="M32 50c-9-6-16-13-16-22a9 9 0 0 1 16-5.6A9 9 0 0 1 48 28c0 9-7 16-16 22z" fill="#fff"/>
    <path d="M32 44V30m0 4c-3-1-5-3-6-6m6 2c3-1 5-3 6-6" stroke="${green}" stroke-width="2.5" fill="none" stroke-linecap="round"/>
  </g>
  <text x="450" y="285" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="120" fill="${green}">LBF</text>
  <text x="452" y="365" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#1f2937">Votre santé, notre priorité</text>
  <text x="452" y="425" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#4b5563">Santé et bien-être par les remèdes</text>
  <text x="452" y="465" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#4b5563">traditionnels africains</text>
</svg>`;

const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`${out}: ${info.width}×${info.height}, ${info.size} bytes`);
