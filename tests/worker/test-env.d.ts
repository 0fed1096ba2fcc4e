// Bindings only the worker tests have (see vitest.worker.config.ts).
declare namespace Cloudflare {
  interface Env {
    FAULT_URL: string;
  }
}
