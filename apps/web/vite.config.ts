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
    rollupOptions: {
      output: {
        // Leaflet (which imports nothing) in a chunk named after it, whichever map screen loads it first.
        manualChunks: (id) => (/node_modules\/leaflet\//.test(id) ? 'leaflet' : undefined),
      },
    },
  },
});
