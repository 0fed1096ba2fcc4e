// `npm run dev`: the Vite dev server (the worker in workerd through @cloudflare/vite-plugin,
// hot reload for the islands and styles) at http://localhost:5173 (PORT overrides), on the
// embedded demo content unless a Sanity project is configured.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import type { ContentService } from "../demo/server/server.ts";
import { ROOT, resolveVars, startDemoSite, usesDemoContent } from "./site-server.ts";

const port = process.env.PORT ?? "5173";
const vars = resolveVars({});
let content: ContentService | undefined;
if (usesDemoContent(vars)) {
  const demo = await startDemoSite();
  content = demo.content;
  Object.assign(vars, demo.vars);
  console.log(`Demo content service at ${content.url}`);
}

// vite.config.ts passes these on to the worker as vars, over wrangler.toml's.
const vite = spawn(resolve(ROOT, "node_modules/.bin/vite"), ["dev", "--port", port], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, PORTFOLIO_DEV_VARS: JSON.stringify(vars) },
});

const stop = async (code: number) => {
  await content?.close();
  process.exit(code);
};
vite.on("exit", (code) => void stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => vite.kill(signal));
}
