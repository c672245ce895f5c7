import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:container`: the image and the manifests, with podman (docs/testing.md). One file at a time: each builds
// or runs containers, which a 2-core machine does one at a time anyway.
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['deploy/test/**/*.test.ts'],
    globalSetup: ['deploy/test/build-image.ts'],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 30 * 60_000,
  },
});
