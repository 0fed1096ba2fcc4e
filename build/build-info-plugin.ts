import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { minifySync, type Plugin } from "vite";

/**
 * Generates `virtual:build-info`, the one place where the worker learns what the
 * build produced: the package version, a build id, the hashed client bundle names
 * (from the client build's Vite manifest) and the inline head script with its CSP hash.
 * Everything here is computed when the worker is built, never per request.
 */

const VIRTUAL_ID = "virtual:build-info";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export const CLIENT_ENTRY = "client/entry.tsx";
/**
 * A second entry, loaded by the first only on pages with photographs. An entry rather than a
 * dynamic import: Vite wraps dynamic imports in a preload helper that would add more to every
 * page's script than the loader it replaces.
 */
export const PHOTO_VIEWER_ENTRY = "client/photo-viewer/photo-viewer.ts";
/** The contact form's script (live checks, the fill-time stamp), loaded only where the form is. */
export const INQUIRY_FORM_ENTRY = "client/inquiries/inquiry-form.ts";
/** Entries loaded on demand too (client/runtime/on-demand.ts): the search, more of a photo grid. */
export const SEARCH_ENTRY = "client/discovery/search.ts";
export const MORE_PHOTOS_ENTRY = "client/discovery/more-photos.ts";
export const CLIENT_STYLES = "client/styles/app.css";
export const HEAD_SCRIPT = "client/head/before-paint.js";

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

function fromManifest(manifest: Manifest) {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client manifest has no entry for ${CLIENT_ENTRY}`);
  return {
    entryScript: `/${entry.file}`,
    photoViewerScript: `/${manifest[PHOTO_VIEWER_ENTRY]?.file ?? ""}`,
    inquiryFormScript: `/${manifest[INQUIRY_FORM_ENTRY]?.file ?? ""}`,
    searchScript: `/${manifest[SEARCH_ENTRY]?.file ?? ""}`,
    morePhotosScript: `/${manifest[MORE_PHOTOS_ENTRY]?.file ?? ""}`,
    styles: (entry.css ?? []).map((f) => `/${f}`),
  };
}

const devClient = {
  entryScript: `/${CLIENT_ENTRY}`,
  photoViewerScript: `/${PHOTO_VIEWER_ENTRY}`,
  inquiryFormScript: `/${INQUIRY_FORM_ENTRY}`,
  searchScript: `/${SEARCH_ENTRY}`,
  morePhotosScript: `/${MORE_PHOTOS_ENTRY}`,
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
