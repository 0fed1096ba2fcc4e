import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { minifySync, type Plugin } from "vite";
import {
  BROWSER_MODULES,
  ISLAND_RUNTIME,
  type ModuleAddresses,
  type ModuleName,
} from "../shared/modules.ts";

/**
 * Generates `virtual:build-info`, the one place where the worker learns what the
 * build produced: the package version, a build id, the hashed client bundle names
 * (from the client build's Vite manifest: the entry, its stylesheet and every module of
 * shared/modules.ts) and the inline head script with its CSP hash.
 * Everything here is computed when the worker is built, never per request.
 */

const VIRTUAL_ID = "virtual:build-info";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The entry: started by the head script after the first paint; it loads everything else. */
export const CLIENT_ENTRY = "client/entry.ts";
export const CLIENT_STYLES = "client/styles/app.css";
export const HEAD_SCRIPT = "client/head/before-paint.js";
export const FAVICON = "public/favicon.svg";

/**
 * The favicon as a `data:` address, for every page's head. A browser asks for a linked icon
 * while the page is still loading, on a connection of its own; inlined (0.5 KB), it costs the
 * first view no request. The file stays, for whoever asks for it by name.
 */
function faviconAddress(svg: string): string {
  // Only what a URL or an HTML attribute cannot carry is escaped: far shorter than base64.
  const text = svg.trim().replace(/\s+/g, " ");
  const percent = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  return `data:image/svg+xml,${text.replace(/[ "%#'<>?[\\\]^`{|}]/g, percent)}`;
}

/**
 * The client build's inputs: the entry, the island runtime and every module of the manifest.
 * Modules are inputs of their own rather than dynamic imports: Vite
 * wraps dynamic imports in a preload helper that would add more to the entry than the loader
 * it replaces, and a module started by a script element reports a failed load where the head
 * script's reload guard sees it.
 */
export function clientInputs(): string[] {
  return [CLIENT_ENTRY, ISLAND_RUNTIME, ...Object.values(BROWSER_MODULES).map((m) => m.entry)];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface BuildInfoOptions {
  root: string;
  /** Read the hashed names from the client build's manifest (production); otherwise point at the sources (dev server). */
  readsBuiltManifest: () => boolean;
}

export function manifestPath(root: string): string {
  return resolve(root, "dist/client/.vite/manifest.json");
}

/** Each module's address: its source through `address`, by name. */
function moduleAddresses(address: (source: string) => string): ModuleAddresses {
  const modules = Object.fromEntries(
    Object.entries(BROWSER_MODULES).map(([name, module]) => [name, address(module.entry)]),
  ) as Record<ModuleName, string>;
  return { islandRuntime: address(ISLAND_RUNTIME), modules };
}

function fromManifest(manifest: Manifest) {
  const file = (source: string) => {
    const chunk = manifest[source];
    if (!chunk) throw new Error(`The client manifest has no entry for ${source}`);
    return `/${chunk.file}`;
  };
  return {
    entryScript: file(CLIENT_ENTRY),
    modules: moduleAddresses(file),
    styles: (manifest[CLIENT_ENTRY]?.css ?? []).map((f) => `/${f}`),
  };
}

/** The dev server serves every source at its own path. */
const devClient = {
  entryScript: `/${CLIENT_ENTRY}`,
  modules: moduleAddresses((source) => `/${source}`),
  styles: [`/${CLIENT_STYLES}`],
};

/**
 * The head script is inlined in every page, so it ships minified: its comments are for whoever
 * reads the source (3.8 KB raw, 1.7 KB gzip as written; 1.6 KB raw, 0.8 KB gzip minified).
 */
function minifyHeadScript(source: string): string {
  const { code, errors } = minifySync(HEAD_SCRIPT, source);
  if (errors.length) {
    throw new Error(`${HEAD_SCRIPT}: ${errors.map((error) => error.message).join("; ")}`);
  }
  return code.trim();
}

export function buildInfoPlugin(options: BuildInfoOptions): Plugin {
  const { root } = options;
  return {
    name: "portfolio:build-info",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const pkg = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as {
        version: string;
      };
      const headScript = minifyHeadScript(readFileSync(resolve(root, HEAD_SCRIPT), "utf8"));
      const headScriptHash = `sha256-${createHash("sha256").update(headScript).digest("base64")}`;
      const path = manifestPath(root);
      const built = options.readsBuiltManifest();
      if (built && !existsSync(path)) {
        throw new Error(`Missing ${path}: build the client environment first (npm run build).`);
      }
      const manifestText = built ? readFileSync(path, "utf8") : "";
      const client = built ? fromManifest(JSON.parse(manifestText) as Manifest) : devClient;
      // The id changes exactly when the client bundles change, so a redeploy of the same
      // code is not announced to visitors as a new build.
      const buildId = built
        ? createHash("sha256").update(manifestText).update(pkg.version).digest("hex").slice(0, 12)
        : "dev";
      const info = {
        favicon: faviconAddress(readFileSync(resolve(root, FAVICON), "utf8")),
        version: pkg.version,
        buildId,
        builtAt: Date.now(),
        dev: !built,
        headScript,
        headScriptHash,
        ...client,
      };
      return `export const buildInfo = ${JSON.stringify(info)};`;
    },
  };
}
