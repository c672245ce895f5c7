import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPLE_TOUCH_ICON, MANIFEST_ICONS, webManifest } from './manifest';

const PUBLIC = join(import.meta.dirname, '../../public');

/** A PNG's width and height, from its IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(path: string): string {
  const bytes = readFileSync(join(PUBLIC, path));
  expect(bytes.subarray(0, 8).toString('hex'), path).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii'), path).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('names each icon by a PNG that is there, of the size it claims', () => {
    for (const icon of webManifest().icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    expect(pngSize(APPLE_TOUCH_ICON.src)).toBe(APPLE_TOUCH_ICON.sizes);
  });

  it('has what a browser needs to install it: the sizes 192 and 512, a maskable icon, standalone, Italian', () => {
    const manifest = webManifest();
    const sizes = MANIFEST_ICONS.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(MANIFEST_ICONS.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(manifest).toMatchObject({ lang: 'it', start_url: '/', scope: '/', display: 'standalone', name: 'Farmaponte' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("is linked from the page with the theme colour and the iPhone's icon", () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="${APPLE_TOUCH_ICON.src}" />`);
    expect(html).toContain(`<meta name="theme-color" content="${webManifest().theme_color}" />`);
  });
});
