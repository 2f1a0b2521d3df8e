import { defineConfig } from 'vitest/config';

// One runner, four projects: pure domain rules, the server over HTTP, web components, and
// end-to-end journeys in Chromium (run last, against the built web app).
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on a 2-core machine); the server's files mostly
    // wait on PostgreSQL and HTTP, and two at a time take 40% less time there (measured: 90 s against 148 s).
    maxWorkers: '100%',
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker's files share its process and the modules they import: each file importing the
          // whole server anew took 3 to 4 s (a quarter of the phase). The server keeps no state in a
          // module that another server in the same process could see.
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Files share their worker's modules and page (53 s against 18 s): the setup starts each file
          // as a new browser would (nothing stored, English) and empties the toasts after each test.
          isolate: false,
          // jsdom and user-event are slow on a loaded machine; a test waits, it never races the clock.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/demo-database.ts'],
          // As the server's files: each file's server is its own, its modules are imported once.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page polled for a state waits as long as a journey's other waits (15 s), not Vitest's 1 s:
          // with two files at a time a loaded page once took longer than that to switch its tab.
          expect: { poll: { timeout: 15_000 } },
          // Each file has its own server, database and browser, so files run side by side:
          // two at a time took 4.1 to 4.4 minutes against about 7 one at a time (measured on 2 cores).
        },
      },
    ],
  },
});
