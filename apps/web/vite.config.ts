import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
});
