import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions: one import of the contract per worker, not per file (5 s instead of 31 s). Stubbed globals,
          // mocks and fake timers are undone after every test, so no file sees another's.
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      {
        // The web's components as users meet them: jsdom, Testing Library, Mantine and TanStack Query; only fetch is stubbed.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // One jsdom and one import of React and Mantine per worker, not per file (less than half the time); the setup
          // file gives each test a fresh page, session and storage, and each render a fresh query client.
          isolate: false,
          // Rendering with Mantine in jsdom takes a few hundred ms on a quiet machine; a busy one needs headroom.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'analyzer',
          include: ['apps/analyzer/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The server's services on a real database (test/service-context.ts): real repositories, a clock the test moves,
        // no Fastify. Fast, so the logic lives here; what only HTTP shows stays in the server project.
        test: {
          name: 'service',
          include: ['apps/server/src/**/*.service.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.service.test.ts'],
          environment: 'node',
          // The app's modules are imported once per worker, not once per file (about 2 s each, 52 files): ~150 s a
          // tier instead of ~180 s. Each file still builds its own app, database and clock (test/harness.ts); no
          // module keeps per-test state.
          isolate: false,
          // Many tests wait on real cameras, ffmpeg and OCR: the limit only catches a hang, and a loaded 2-core machine
          // (two test files at a time) must not hit it.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
