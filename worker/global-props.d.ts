// Types `exports.default` (from "cloudflare:workers") as this worker's own default export.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("./index.ts");
  }
}
