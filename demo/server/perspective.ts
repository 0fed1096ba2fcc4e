// Sanity perspectives: which version of each document a query sees.
// Ids encode the version: "x" is published, "drafts.x" the draft and
// "versions.<release>.x" a release version. `raw` sees every id as stored;
// every other perspective is a stack of layers (highest priority first, with
// `published` implicitly at the bottom) where each document id shows its
// highest-priority version under the plain id, like Sanity does.
//
// Like Sanity, any document whose id contains a "." (drafts, release versions and system
// documents such as preview secrets) is private: only requests with a valid token see it,
// whatever the perspective. Anonymous requests get every view with those left out.
import type { SanityDocument } from "./dataset.ts";

/** What a request may read: public documents only, or private ones too. */
export type Access = "public" | "private";

/** Ids with a "." are paths (drafts.x, versions.r.x, system.x): never visible without a token. */
export const isPrivateId = (id: string): boolean => id.includes(".");

/** "raw", or the layer stack: "drafts", a release name, or "published". */
export type Perspective = "raw" | readonly string[];

const LAYER_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** Parses the `perspective` parameter; throws a message for invalid values. */
export function parsePerspective(value: string | null): Perspective {
  // The brief (and Sanity's API from v2025-02-19 on) default to `published`.
  if (value === null || value === "") return ["published"];
  if (value === "raw") return "raw";
  const layers = value.split(",").map((name) => {
    const layer = name.trim() === "previewDrafts" ? "drafts" : name.trim();
    if (layer === "raw") throw new Error('Perspective "raw" cannot be combined with others');
    if (!LAYER_NAME.test(layer)) throw new Error(`Invalid perspective "${name}"`);
    return layer;
  });
  return layers;
}

/** Splits an _id into its base id and the layer it belongs to. */
export function layerOf(id: string): { base: string; layer: string } {
  if (id.startsWith("drafts.")) return { base: id.slice(7), layer: "drafts" };
  if (id.startsWith("versions.")) {
    const rest = id.slice(9);
    const dot = rest.indexOf(".");
    if (dot > 0) return { base: rest.slice(dot + 1), layer: rest.slice(0, dot) };
  }
  return { base: id, layer: "published" };
}

/**
 * The documents of one dataset, and what each perspective sees of them (computed once per
 * distinct perspective and access, until the documents are replaced by a mutation).
 */
export class PerspectiveViews {
  #docs: readonly SanityDocument[];
  readonly #views = new Map<string, SanityDocument[]>();

  constructor(docs: readonly SanityDocument[]) {
    this.#docs = docs;
  }

  /** Every stored document, as stored (the raw perspective with private access). */
  get documents(): readonly SanityDocument[] {
    return this.#docs;
  }

  /** Swaps in the documents after a committed transaction; every later read sees them. */
  replace(docs: readonly SanityDocument[]): void {
    this.#docs = docs;
    this.#views.clear();
  }

  get(perspective: Perspective, access: Access = "public"): SanityDocument[] {
    const key = `${access}:${perspective === "raw" ? "raw" : perspective.join(",")}`;
    let view = this.#views.get(key);
    if (!view) {
      const visible =
        access === "private" ? this.#docs : this.#docs.filter((doc) => !isPrivateId(doc._id));
      view = perspective === "raw" ? [...visible] : overlay(visible, perspective);
      this.#views.set(key, view);
    }
    return view;
  }
}

function overlay(docs: readonly SanityDocument[], layers: readonly string[]): SanityDocument[] {
  const stack = layers.includes("published") ? layers : [...layers, "published"];
  if (stack.length === 1) {
    // Plain published: drop every draft and release version, keep documents untouched.
    return docs.filter((doc) => layerOf(doc._id).layer === "published");
  }
  const rank = new Map(stack.map((layer, index) => [layer, index]));
  // Best version per base id; Map keeps first-appearance order for stable output.
  const best = new Map<string, { doc: SanityDocument; rank: number }>();
  for (const doc of docs) {
    const { base, layer } = layerOf(doc._id);
    const r = rank.get(layer);
    if (r === undefined) continue;
    const current = best.get(base);
    if (!current || r < current.rank) best.set(base, { doc, rank: r });
  }
  return [...best].map(([base, { doc }]) => ({ ...doc, _id: base, _originalId: doc._id }));
}
