/**
 * The web app manifest (decision 096), written by vite.config.ts into the build as /manifest.webmanifest. Its icons
 * are the PNGs of public/icons/ (drawn by scripts/build-icons.mjs); manifest.test.ts checks each is there, of its size.
 */
import { PWA_TEXT } from '@farmaponte/shared/ui-text-pwa';

/** The brand's green (the mark's square, the header's links): the bars of the installed app. */
export const THEME_COLOR = '#047857';
/** What shows while the installed app starts: the page's own background. */
export const BACKGROUND_COLOR = '#f8fafc';

export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** iOS reads its home-screen icon from index.html's link, not from the manifest. */
export const APPLE_TOUCH_ICON = { src: '/icons/apple-touch-icon.png', sizes: '180x180' } as const;

export function webManifest() {
  return {
    id: '/',
    name: PWA_TEXT.name,
    short_name: PWA_TEXT.shortName,
    description: PWA_TEXT.description,
    lang: 'it',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['business', 'medical', 'productivity'],
    icons: MANIFEST_ICONS,
  };
}
