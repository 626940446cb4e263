import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: browser test files each start a server and a Chromium.
    maxWorkers: 2,
    // .ci/run reads the counts from this file for its closing line.
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
