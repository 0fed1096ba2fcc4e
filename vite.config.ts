import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildInfoPlugin, clientInputs } from "./build/build-info-plugin.ts";

// `npm run dev` (scripts/dev.ts) hands the worker its settings here, as JSON: the demo
// content service's address, and the owner's environment and `.dev.vars` resolved as for
// `npm start`.
const DEV_VARS = "PORTFOLIO_DEV_VARS";

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      inspectorPort: false,
      config: (config) => {
        const vars = process.env[DEV_VARS];
        if (command !== "serve" || !vars) return;
        return { vars: { ...config.vars, ...(JSON.parse(vars) as Record<string, string>) } };
      },
    }),
    buildInfoPlugin({ root: import.meta.dirname, readsBuiltManifest: () => command === "build" }),
    {
      // The worker minified, as the client is (Vite leaves a server build as it is): 233 KiB
      // of upload (gzip) where it was 439, and a third less to compile when the Stripe SDK's
      // chunk is first loaded (docs/performance.md). Its source map goes up with it
      // (wrangler.toml's upload_source_maps), so the logs' stack traces name the source.
      name: "minified-worker",
      configEnvironment: (name) =>
        name === "client" ? undefined : { build: { minify: true, sourcemap: true } },
    },
  ],
  environments: {
    client: {
      build: {
        manifest: true,
        rollupOptions: {
          input: clientInputs(),
          // The loader imports an island's component and the island runtime's `hydrate` by
          // address: their exports must survive (an app build drops entries' exports).
          preserveEntrySignatures: "exports-only",
          output: {
            // V8's explicit compile hint: compile every function of the React chunk while it
            // streams in, on a background thread. Otherwise its CommonJS wrappers are compiled
            // lazily, on the main thread, in one piece, when the chunk first runs.
            postBanner: (chunk) => (chunk.name === "react" ? "//# allFunctionsCalledOnLoad\n" : ""),
            codeSplitting: {
              // React, React DOM, the scheduler and the bundler's CommonJS helper they need: one
              // file, fetched with the first island, rather than four.
              groups: [
                {
                  // What the entry shares with modules (the manifest, idle timing, shortcuts):
                  // one small file beside the entry, rather than one per helper.
                  name: "runtime",
                  test: /client[\\/]runtime[\\/]|shared[\\/](browser[\\/]|modules\.ts)/,
                  minShareCount: 2,
                },
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/,
                },
              ],
            },
          },
        },
      },
    },
  },
  builder: {
    // The worker imports the client manifest, so the client must be built first. The
    // worker's environment is named after wrangler.toml's `name`, so it is found rather than
    // named here: renaming the worker in wrangler.toml is enough.
    async buildApp(builder) {
      const { client, ...others } = builder.environments;
      const [worker, ...extra] = Object.values(others);
      if (!client || !worker || extra.length > 0) {
        const names = Object.keys(builder.environments).join(", ");
        throw new Error(`Expected the client and one worker environment, got ${names}`);
      }
      await builder.build(client);
      await builder.build(worker);
    },
  },
}));
