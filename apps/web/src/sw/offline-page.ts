/**
 * The page the service worker answers an offline navigation with when it has no copy of what was asked (decision
 * 096): bundled into the worker, so it needs no network. No script; its styles inline, in the brand's colours.
 */
import { PWA_TEXT } from '@farmaponte/shared/ui-text-pwa';
import { BRAND_MARK_DRAWING } from '../components/ui/brand-mark-drawing';

export function offlinePageHtml(): string {
  const { rect, cross } = BRAND_MARK_DRAWING;
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="theme-color" content="#047857">
<title>${PWA_TEXT.offlinePageTitle}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:0 auto;padding:3rem 1.5rem;text-align:center}
svg{width:3.5rem;height:3.5rem}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{line-height:1.5;color:#334155}
nav{display:flex;gap:.75rem;justify-content:center;flex-wrap:wrap;margin-top:1.5rem}
a{display:inline-block;padding:.625rem 1rem;border-radius:.5rem;font-weight:600;text-decoration:none}
a.primary{background:#047857;color:#fff}
a.secondary{border:1px solid #047857;color:#065f46}
a:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
</style>
</head>
<body>
<main>
<svg aria-hidden="true" viewBox="0 0 32 32"><rect width="${rect.width}" height="${rect.height}" rx="${rect.rx}" fill="${rect.fill}"/><path fill="#fff" d="${cross}"/></svg>
<h1>${PWA_TEXT.offlineTitle}</h1>
<p>${PWA_TEXT.offlineBody}</p>
<nav><a class="primary" href="">${PWA_TEXT.offlineRetry}</a><a class="secondary" href="/">${PWA_TEXT.offlineHome}</a></nav>
</main>
</body>
</html>`;
}
