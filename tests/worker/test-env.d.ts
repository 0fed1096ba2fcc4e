// Bindings only the worker tests have (see vitest.worker.config.ts).
declare namespace Cloudflare {
  interface Env {
    /** The fault stand-in, as the worker's content host. */
    FAULT_URL: string;
    /** Where tests switch the stand-in's behaviour. */
    FAULT_CONTROL_URL: string;
    /** A copy of the demo content that tests change through the mutation API. */
    MUTABLE_CONTENT_URL: string;
    /** The stand-ins' addresses, for their control APIs. */
    PAYMENTS_URL: string;
    LAB_URL: string;
    /** The store's D1 migrations (migrations/), applied by setup.ts. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    MARK_URL: string;
    /** The demo's originals (setup.ts puts them in ORIGINALS): their server, and their names. */
    ORIGINALS_URL: string;
    ORIGINAL_FILES: string[];
  }
}
