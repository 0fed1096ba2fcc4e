import { existsSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { buildInfoPlugin, manifestPath } from "./build/build-info-plugin.ts";
import { TEST_TOKEN } from "./tests/worker/test-token.ts";
import { VAR_NAMES } from "./worker/config/vars.ts";

const root = import.meta.dirname;
// The store's D1 schema, applied to each test run's database by tests/worker/setup.ts.
const migrations = await readD1Migrations(`${root}/migrations`);

// Worker tests run inside workerd (the same runtime as production), against the real app and
// the real demo content service (started by the global setup, in Node).
export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      // workerd's verbose log names every exception that crosses into the runtime, handled or
      // not (a refused connection the worker caught and answered with its stale copy is one),
      // as "uncaught exception". Real unhandled rejections still fail the test that left them
      // (tests/worker/setup.ts), and Vitest reports them too.
      verbose: false,
      miniflare: {
        bindings: {
          // Every setting unset first: wrangler reads a developer's .dev.vars (or .env) into the
          // tests too, and their own Sanity project or Turnstile keys are not the tests' demo.
          ...Object.fromEntries(VAR_NAMES.map((name) => [name, ""])),
          // The tests run on a developer's machine, as `npm start` does; tests of a deploy's
          // behaviour (the canonical host, a refused body at the edge) set "production".
          ENVIRONMENT: "development",
          SANITY_PROJECT_ID: "demo",
          SANITY_DATASET: "production",
          SANITY_API_HOST: inject<string>("contentUrl"),
          SANITY_USE_CDN: "false",
          SANITY_TOKEN: TEST_TOKEN,
          // Inquiries delivered through the real queue also send the owner's e-mail.
          CONTACT_EMAIL_TO: "owner@example.com",
          // Retries come after a second, not half a minute.
          INQUIRY_RETRY_SECONDS: "1",
          FAULT_URL: inject<string>("faultUrl"),
          FAULT_CONTROL_URL: inject<string>("faultControlUrl"),
          MUTABLE_CONTENT_URL: inject<string>("mutableContentUrl"),
          TEST_MIGRATIONS: migrations,
          // The store, on the stand-ins for Stripe and the lab (secrets made up for the run).
          ...inject<Record<string, string>>("storeVars"),
          // Fulfilment retries after a second, not a minute.
          STORE_RETRY_SECONDS: "1",
          PAYMENTS_URL: inject<string>("paymentsUrl"),
          LAB_URL: inject<string>("labUrl"),
          // The upload command's watermarking, for tests of proofing (tests/support/mark-server.ts).
          MARK_URL: inject<string>("markUrl"),
          ORIGINALS_URL: inject<string>("originalsUrl"),
          ORIGINAL_FILES: inject<string[]>("originals"),
          // The owner's own calendar: the demo's stand-in, busy one afternoon.
          BOOKING_BUSY_FEED_URL: inject<string>("calendarUrl"),
        },
      },
    })),
    // Use the real hashed bundle names when the client has been built (npm test builds first).
    buildInfoPlugin({ root, readsBuiltManifest: () => existsSync(manifestPath(root)) }),
  ],
  test: {
    name: "worker",
    // The harness and whole-worker tests are in tests/worker; a module's own tests sit beside it.
    include: [
      "tests/worker/**/*.test.ts",
      "tests/worker/**/*.test.tsx",
      "worker/**/*.test.ts",
      "worker/**/*.test.tsx",
      // What the worker shares with the browser (the slug rule, the inquiry form's rules) is
      // tested here too, in the worker's runtime.
      "shared/**/*.test.ts",
    ],
    globalSetup: ["tests/worker/global-setup.ts"],
    setupFiles: ["tests/worker/setup.ts"],
    // Console spies (captureLogs) end with their test.
    restoreMocks: true,
    // Guards against a hang, not a measure of speed: with one core kept busy beside npm test's
    // other suites, a gallery's uploads in a beforeAll took over 10 s (Vitest's default) and
    // single tests up to 28 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The pool (1.4.0) cannot read Vitest 5's on-disk module cache from inside workerd.
    fsModuleCache: false,
    // Files share the fault stand-in's state, so they run one at a time, in one runtime: a new
    // runtime per file spent over a minute re-loading the same modules.
    fileParallelism: false,
    isolate: false,
  },
});
