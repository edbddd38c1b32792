import { defineConfig } from 'vitest/config';

// One vitest run, three projects: unit (happy-dom, fake-indexeddb), api (server through app.inject
// on an in-memory PGlite), e2e (Playwright against a real `npm start` server, see tests/e2e/setup.ts).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser on a loaded CI machine can take seconds to render what a user would see at once:
          // polls wait up to 10 s by default (they pass as soon as the page shows it).
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
