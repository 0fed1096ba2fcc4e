import { defineConfig } from "vitest/config";

// Tests that run in Node: the demo content service (beside its code under demo/) and the
// browser tests (Chromium driven by playwright-core against the built site).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "demo",
          include: ["demo/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          // Quick checks of the Node tooling (the benchmark script runs end to end).
          name: "node",
          include: ["tests/node/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          // One Chromium at a time: CI machines have two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
