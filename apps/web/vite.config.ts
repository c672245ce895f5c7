import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { buildSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page's first script (decision 051): `src/app/early-requests.ts`, bundled apart from the app (no React), told the
 * file names of /cerca_offerte's route chunks and written into the HTML's head, before the entry: it runs as soon as
 * the HTML is read, with no request of its own, while the entry still downloads. The server allows it by its hash.
 */
function earlyRequests(): Plugin {
  let source = '';
  return {
    name: 'farmaponte-early-requests',
    apply: 'build',
    generateBundle: {
      // Before the HTML is written, which names the file.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/routes/search-offers-route.tsx'));
        if (!entry || !route) throw new Error('early-requests: the entry or the search route chunk is missing');
        // The route's chunk and what it imports, less what the HTML already loads with the entry.
        const withImports = (fileName: string, found: Set<string>, skip: Set<string> = new Set()) => {
          if (found.has(fileName) || skip.has(fileName)) return found;
          found.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(imported, found, skip);
          return found;
        };
        const loaded = withImports(entry.fileName, new Set());
        const needed = [...withImports(route.fileName, new Set(), loaded)];
        const built = buildSync({
          entryPoints: [fileURLToPath(new URL('./src/app/early-requests.ts', import.meta.url))],
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          write: false,
          define: { __SEARCH_ROUTE_CHUNKS__: JSON.stringify(needed.map((name) => `/${name}`)) },
        });
        source = built.outputFiles[0]?.text.trim() ?? '';
        if (!source || /<\/script|<!--/i.test(source)) throw new Error('early-requests: the script cannot be written inline');
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: source, injectTo: 'head-prepend' }],
    },
  };
}

/**
 * The installed app (decision 096): /manifest.webmanifest (from src/sw/manifest.ts) and /sw.js, the service worker
 * (src/sw/service-worker.ts), bundled apart like the early-requests script and told this build's version and the files
 * of its shell (the entry and what it loads with it). The version is a digest of the build's file names (hashed by
 * content), its page and its manifest, so a build that changes nothing keeps its worker; FARMAPONTE_BUILD (a deploy's
 * name, say) is added to it when set. The page carries it too, as <meta name="farmaponte-build">.
 */
/** src/sw/manifest.ts's manifest: bundled with its texts from packages/shared (TypeScript), then run. */
function builtManifest(): unknown {
  const built = buildSync({
    entryPoints: [fileURLToPath(new URL('./src/sw/manifest.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'built',
    platform: 'neutral',
    write: false,
  });
  const context: { built?: { webManifest: () => unknown } } = {};
  runInNewContext(built.outputFiles[0]?.text ?? '', context);
  if (!context.built) throw new Error('installable-app: src/sw/manifest.ts did not build');
  return context.built.webManifest();
}

function installableApp(): Plugin {
  let version = '';
  let shellFiles: string[] = [];
  let manifest = '';
  let outDir = '';
  return {
    name: 'farmaponte-installable-app',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (entry?.type !== 'chunk') throw new Error('installable-app: the entry is missing');
      // The entry, what it imports (transitively: the runtime, the app's one big file) and their style sheets.
      const files = new Set<string>();
      const walk = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) walk(imported);
      };
      walk(entry.fileName);
      shellFiles = [...files].map((name) => `/${name}`);
      manifest = JSON.stringify(builtManifest(), null, 2);
      const digest = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) digest.update(`${name}\n`);
      digest.update(manifest);
      version = digest.digest('hex').slice(0, 12) + (process.env.FARMAPONTE_BUILD ? `-${process.env.FARMAPONTE_BUILD}` : '');
      if (!/^[\w.-]+$/.test(version)) throw new Error(`installable-app: FARMAPONTE_BUILD may hold letters, digits, . _ - only`);
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { name: 'farmaponte-build', content: version }, injectTo: 'head' }],
    },
    writeBundle() {
      const built = buildSync({
        entryPoints: [fileURLToPath(new URL('./src/sw/service-worker.ts', import.meta.url))],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        write: false,
        define: { __BUILD_VERSION__: JSON.stringify(version), __SHELL_FILES__: JSON.stringify(shellFiles) },
      });
      writeFileSync(join(outDir, 'sw.js'), built.outputFiles[0]?.text ?? '');
      writeFileSync(join(outDir, 'manifest.webmanifest'), manifest);
    },
  };
}

/**
 * React Router's package sends every bundler to its development build, which differs from its production build only
 * in `ENABLE_DEV_WARNINGS`: with the production build the minifier drops the warnings' code from the entry. The build
 * only; the dev server and the tests keep the warnings.
 */
function reactRouterForBuild() {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  if (!development.includes('/development/'))
    throw new Error(`react-router resolves to ${development}, not to its development build: see docs/decisions/081`);
  return [{ find: /^react-router$/, replacement: development.replace('/development/', '/production/') }];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), earlyRequests(), installableApp()],
  resolve: { alias: command === 'build' ? reactRouterForBuild() : [] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Few files for a first screen (decision 045): on a phone's HTTP/1.1 line each file is a request in one of six
    // lanes and ~0.5 KB of headers, and /cerca_offerte asked for 46 of them. The entry's whole static graph goes in one
    // file beside it; the small chunks the splitter would make for modules a few pages share are copied into those
    // pages (a few KB twice, against a round trip each); what one page loads on demand stays its own chunk.
    rollupOptions: {
      // Our entry exports nothing, which lets the bundler copy shared modules into the chunks that use them.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // Leaflet (which imports nothing) in a chunk named after it, whichever map screen loads it first.
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/, priority: 2 },
            // Everything the entry imports statically (React, the router, the query client, the shell), in one file.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
}));
