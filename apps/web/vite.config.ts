import { fileURLToPath } from 'node:url';
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
  plugins: [react(), tailwindcss(), earlyRequests()],
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
