import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../test/helpers';
import { CLIENT_DISCONNECT_MESSAGE } from './lib/client-disconnects';

const t = useTestApp();

/** The Permissions-Policy header as feature → allow list; every directive must be `feature=(…)`. */
function permissionsPolicy(header: string | string[] | number | undefined): Record<string, string> {
  expect(typeof header, 'a Permissions-Policy header').toBe('string');
  const policy: Record<string, string> = {};
  for (const directive of String(header).split(/,\s*/)) {
    const match = /^([a-z-]+)=(\([^)]*\))$/.exec(directive);
    expect(match, directive).not.toBeNull();
    if (match) policy[match[1] as string] = match[2] as string;
  }
  return policy;
}

describe('the application shell', () => {
  it('reports health with the database it runs on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: t.database.kind,
      jobs: {
        'albo-recheck': { last_success: null, late: false },
        'audit-prune': { last_success: null, late: false },
        'auto-invitations': { last_success: null, late: false },
        'availability-prune': { last_success: null, late: false },
        'calendar-refresh': { last_success: null, late: false },
        'insurance-reminders': { last_success: null, late: false },
        'invoice-overdue': { last_success: null, late: false },
        'mail-outbox': { last_success: null, late: false },
        'offer-alerts': { last_success: null, late: false },
        'push-outbox': { last_success: null, late: false },
        retention: { last_success: null, late: false },
        'review-invitations': { last_success: null, late: false },
        'reviews-publish': { last_success: null, late: false },
        'shift-reminders': { last_success: null, late: false },
      },
    });
  });

  it('serves the OpenAPI document listing the paths of the original client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/token/',
      '/api/token/refresh/',
      '/api/user/register/',
      '/api/user/details/',
      '/api/forgot-password/',
    ])
      expect(paths).toContain(path);
  });

  it('answers an unknown API path with a JSON 404 in Italian', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/non-esiste/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: 'Risorsa non trovata.' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('switches off the browser features the app does not use, on answers and errors of the API alike', async () => {
    for (const url of ['/api/health/', '/api/non-esiste/', '/api/user/details/', '/api/docs/json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(permissionsPolicy(response.headers['permissions-policy']), url).toMatchObject({
        camera: '()',
        microphone: '()',
        geolocation: '()',
        payment: '()',
        usb: '()',
      });
    }
  });
});

describe('compression of JSON answers', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli or gzip as the client accepts, the same JSON once decoded, and small answers as they are', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/docs/json', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    expect((await get('/api/docs/json', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/docs/json', 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/health/', 'br')).headers['content-encoding']).toBeUndefined();
  });
});

describe('a client that goes away mid-answer', () => {
  it('is logged at info, not as a server error, and the server goes on answering', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { randomBytes } = await import('node:crypto');
    const http = await import('node:http');
    const dist = mkdtempSync(join(tmpdir(), 'farmaponte-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Farmaponte</title>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, 'assets'));
    // A script that compresses poorly: its gzip stream is still running when the client leaves.
    writeFileSync(join(dist, 'assets', 'big-1234.js'), `const data = '${randomBytes(3 * 1024 * 1024).toString('base64')}';`);
    const lines: { level: number; msg: string }[] = [];
    await t.app.close();
    Object.assign(
      t,
      await buildTestApp(
        { WEB_DIST: dist, LOG_LEVEL: 'info' },
        { logger: true, logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      ),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };

    // The browser starts the download and the user leaves the page after the first bytes.
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/assets/big-1234.js', headers: { 'accept-encoding': 'gzip' } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve(response.headers['content-encoding']);
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });

    expect(encoding).toBe('gzip');
    // Once the server has noticed (a line about it, at whatever level), nothing was logged as a warning or an error.
    await expect.poll(() => lines.some((line) => line.msg === CLIENT_DISCONNECT_MESSAGE || line.level >= 40)).toBe(true);
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    expect(lines.find((line) => line.msg === CLIENT_DISCONNECT_MESSAGE)?.level).toBe(30);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/`)).status).toBe(200);
  });
});

describe('serving the web app', () => {
  it('answers the home page, every client route and a reload with index.html, and a missing asset with 404', async () => {
    const { mkdtempSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'farmaponte-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Farmaponte</title>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('Farmaponte '.repeat(200))})`;
    writeFileSync(join(dist, 'assets', 'app-1234.js'), script);
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, [join(import.meta.dirname, '../../../scripts/precompress.mjs'), join(dist, 'assets')]);
    await t.app.close();
    Object.assign(t, await buildTestApp({ WEB_DIST: dist }));
    for (const url of ['/', '/profile', '/reset-password/abc', '/cerca_offerte?comune=roma']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(permissionsPolicy(response.headers['permissions-policy']), url).toMatchObject({ camera: '()', geolocation: '()' });
    }
    // A file of the build outside /assets/ is served like a page: it carries the policy too.
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(permissionsPolicy(favicon.headers['permissions-policy'])).toMatchObject({ camera: '()', microphone: '()' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A script is no document: it carries what applies to it, not the page's policy headers (a page does).
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/profile' })).headers['content-security-policy']).toContain(
      "default-src 'self'",
    );
    // The build's .br and .gz (scripts/precompress.mjs) go out as they are, to a client that accepts them.
    for (const [encoding, file] of [
      ['br', 'app-1234.js.br'],
      ['gzip', 'app-1234.js.gz'],
    ] as const) {
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-type']).toContain('javascript');
      expect(compressed.rawPayload.equals(readFileSync(join(dist, 'assets', file)))).toBe(true);
    }
    // The static files follow the app's one negotiation too: q=0 refuses brotli.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(refused.rawPayload.equals(readFileSync(join(dist, 'assets', 'app-1234.js.gz')))).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-9999.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing/' })).headers['content-type']).toContain('application/json');
  });

  it("serves the installable app's worker, manifest and icons to be asked again each time, and allows them by the policy", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'farmaponte-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Farmaponte</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Farmaponte' }));
    mkdirSync(join(dist, 'icons'));
    writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    await t.app.close();
    Object.assign(t, await buildTestApp({ WEB_DIST: dist }));
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    // A browser looking for a new build's worker gets the file on disk, never a year-old copy.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' })).headers['cache-control']).toBe('no-cache');
    // The hashed files keep their year.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).headers['cache-control']).toContain('immutable');
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });

  it('writes TILE_URL and its attribution into every page and lets the browser load those tiles, and nothing else', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'farmaponte-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Farmaponte</title></head><body></body></html>');
    await t.app.close();
    Object.assign(
      t,
      await buildTestApp({
        WEB_DIST: dist,
        TILE_URL: 'https://{s}.tiles.example.it/carta/{z}/{x}/{y}.png',
        TILE_ATTRIBUTION: '&copy; <a href="https://example.it">Mappe "Esempio"</a>',
      }),
    );
    for (const url of ['/', '/cerca_offerte']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body).toContain('<meta name="fp-tile-url" content="https://{s}.tiles.example.it/carta/{z}/{x}/{y}.png">');
      // The attribution is an attribute value: its quotes and brackets cannot close the tag.
      expect(page.body).toContain(
        '<meta name="fp-tile-attribution" content="&amp;copy; &lt;a href=&quot;https://example.it&quot;&gt;Mappe &quot;Esempio&quot;&lt;/a&gt;">',
      );
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain('https://*.tiles.example.it');
      expect(csp).not.toContain('openstreetmap');
    }
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const { createHash } = await import('node:crypto');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'farmaponte-web-'));
    const early = 'window.early=fetch("/api/user/details/")';
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html><head><script>${early}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    await t.app.close();
    Object.assign(t, await buildTestApp({ WEB_DIST: dist }));
    const hash = createHash('sha256').update(early).digest('base64');
    const page = await t.app.inject({ method: 'GET', url: '/cerca_offerte' });
    expect(page.body).toContain(`<script>${early}</script>`);
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    // A page without inline scripts allows none.
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Farmaponte</title><script src="/assets/app.js"></script>');
    await t.app.close();
    Object.assign(t, await buildTestApp({ WEB_DIST: dist }));
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(plain.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('refuses a TILE_URL a map cannot use, saying what it needs', async () => {
    const { loadConfig } = await import('./config');
    expect(() => loadConfig({ TILE_URL: 'https://tiles.example.it/carta.png' })).toThrow(
      'TILE_URL must contain {z}, {x} and {y}',
    );
    expect(() => loadConfig({ TILE_URL: 'ftp://tiles.example.it/{z}/{x}/{y}.png' })).toThrow('http(s)');
    expect(loadConfig({}).TILE_URL).toBeUndefined();
  });

  it("keeps its data in the repository's data/ folder, whichever folder npm runs the command in", async () => {
    const { loadConfig } = await import('./config');
    const repository = resolve(import.meta.dirname, '../../..');
    // `npm start` at the root runs the API's script in apps/api: the README's ./data is the root's all the same.
    expect(loadConfig({ INIT_CWD: repository }).dataDir).toBe(join(repository, 'data'));
    expect(loadConfig({ INIT_CWD: join(repository, 'apps/api') }).dataDir).toBe(join(repository, 'data'));
    expect(loadConfig({}).dataDir).toBe(join(repository, 'data'));
    // A relative DATA_DIR is taken from the folder the command was typed in; an absolute one as it is.
    expect(loadConfig({ DATA_DIR: 'demo-data', INIT_CWD: repository }).dataDir).toBe(join(repository, 'demo-data'));
    expect(loadConfig({ DATA_DIR: '/srv/farmaponte', INIT_CWD: repository }).dataDir).toBe('/srv/farmaponte');
  });
});
