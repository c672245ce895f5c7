/**
 * The CSP sources of the inline scripts of the web app's page (decision 051: the page's first requests start from a
 * script written into its HTML by the build). Each is allowed by its hash, so the policy stays `'self'` for anything
 * else: an injected script has another hash.
 */
import { createHash } from 'node:crypto';

/** `'sha256-…'` for every `<script>` without `src` in `html`, hashed over its text exactly as the browser reads it. */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || !text) continue;
    sources.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return sources;
}
