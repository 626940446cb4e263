import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser tests each start a server and a Chromium: keep them from crowding two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
