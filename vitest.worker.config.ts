import { existsSync } from "node:fs";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { buildInfoPlugin, manifestPath } from "./build/build-info-plugin.ts";

const root = import.meta.dirname;

// Worker tests run inside workerd (the same runtime as production), against the real app.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { SANITY_TOKEN: "sk-test-token-never-shown" },
      },
    }),
    // Use the real hashed bundle names when the client has been built (npm test builds first).
    buildInfoPlugin({ root, readsBuiltManifest: () => existsSync(manifestPath(root)) }),
  ],
  test: {
    name: "worker",
    include: ["tests/worker/**/*.test.ts", "tests/worker/**/*.test.tsx"],
    testTimeout: 20_000,
  },
});
