/**
 * The installed app's icons (decision 096), drawn from the brand's mark (apps/web/public/favicon.svg) by the bundled
 * Chromium and written as PNG into apps/web/public/icons/. Run again when the mark changes; the PNGs are committed.
 *   node scripts/build-icons.mjs
 * - icon-192.png, icon-512.png: the mark as it is (rounded square, transparent corners), purpose "any".
 * - icon-maskable-512.png: the square filled with the brand's green and the cross inside the central 60%, so the
 *   launcher's circle or squircle (which keeps the middle 80%) never cuts it; purpose "maskable".
 * - apple-touch-icon.png (180): full square (iOS rounds it itself and shows black behind transparency).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;
const favicon = readFileSync(join(root, 'apps/web/public/favicon.svg'), 'utf8');
const green = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const cross = /<path[^>]*d="([^"]+)"/.exec(favicon)?.[1];
if (!green || !cross) throw new Error('favicon.svg: the rect or the cross is missing');

// The cross spans 6..26 of the mark's 32 units: scaled so it fills 60% of a full square (the maskable safe zone is 80%).
const fullSquare = (crossShare) => {
  const scale = (32 * crossShare) / 20;
  const offset = 16 - 16 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${green}"/><path fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})" d="${cross}"/></svg>`;
};

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullSquare(0.6) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullSquare(0.625) },
];

const out = join(root, 'apps/web/public/icons');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`${file}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
