import { defineConfig } from "vitest/config";

/** For the suites that talk to the real local server (tests/support/fresh-connections.ts). */
const setupFiles = ["tests/support/fresh-connections.ts"];

/**
 * For the projects of modules' own tests (demo, cli, client), which leave no state between files:
 * one module graph per worker rather than per file, a fifth less CPU for the three.
 */
const moduleTests = { environment: "node", isolate: false } as const;

// Tests that run in Node: the demo content service (beside its code under demo/), the pure
// parts of the client (beside their code under client/), the Node tooling, the fuzz of the
// local server and the browser tests (Chromium driven by playwright-core against the built
// site).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "demo",
          ...moduleTests,
          include: ["demo/**/*.test.ts"],
          // Some start the demo's command-line scripts as processes, several in one test: on a
          // two-core machine running npm test's other suites, Vitest's 5 s was seen run out, and
          // on one shared with other work 30 s (the importer's tests, 5-8 s alone).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // The command-line tools (npm run import), their modules' tests beside them; the
          // importer's end-to-end test runs the command against the demo content service.
          name: "cli",
          ...moduleTests,
          include: ["cli/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // Browser code whose logic is pure (the photo viewer's state changes: zoom, pan, keys,
          // opening and closing; its gesture arithmetic), and what the worker shares with it
          // (shared/: the slug rule, the contact form's rules).
          name: "client",
          ...moduleTests,
          include: ["client/**/*.test.ts", "shared/**/*.test.ts"],
        },
      },
      {
        resolve: {
          // The Studio's schema imports defineType and friends from "sanity", as Studio projects
          // do, but the root does not install the whole Studio (600 MB). @sanity/types (there as
          // a direct dev dependency, the version @sanity/schema uses) exports the same functions, so the schema test loads
          // the real schema files through it. Only the bare name: "sanity/…" paths stay as they are.
          alias: [{ find: /^sanity$/, replacement: "@sanity/types" }],
        },
        test: {
          // Checks of the Node tooling: the local server, the dev server, deploy, the benchmark,
          // the Studio schema. Each site they start has its own state, and deploy builds in a
          // copy of the repository, so files run side by side with the other suites.
          name: "node",
          include: ["tests/node/**/*.test.ts"],
          environment: "node",
          setupFiles,
          maxWorkers: 2,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run bench` end to end on its quick settings: every section runs and prints.
          name: "bench",
          include: ["tests/bench/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // A seeded fuzz of the real local server (`npm start`'s) over sockets.
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // The real local server under a seeded soak (tests/soak/): many visitors at once while
          // the content keeps expiring, failing on any broken answer or runtime error in its log.
          name: "soak",
          include: ["tests/soak/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          setupFiles,
          globalSetup: ["tests/browser/global-setup.ts"],
          // Two files (two Chromiums) at a time, beside the other suites (npm test runs them
          // together): most of a browser test is waiting for pages, timers and animations. The
          // limits leave room for a two-core machine doing all of that at once.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a page does after a load (a lazy image, an island hydrating) may take seconds.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
