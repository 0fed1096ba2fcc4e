/**
 * The photographs of a run placed in a gallery of a page or post, in one transaction at the end
 * of the run (so an interrupted run leaves the gallery as it was, and the next run places all of
 * them in order). A gallery item is matched by its asset: a photograph already there keeps its
 * place and gets the file's alt text and caption; new ones are added after the gallery's
 * photographs, in the run's order. Hotspot and crop are left unset, as an upload leaves them.
 *
 * Publishing (the default) writes the published document, like pressing Publish; when the
 * owner has unpublished changes in a draft, the draft gets the same photographs, so neither
 * their changes nor the photographs are lost when they publish it. `--draft` writes the draft
 * only (made from the published document when there is none).
 */
import { createHash } from "node:crypto";
import type { Mutation, SanityClient } from "@sanity/client";
import type { ImportOptions, PlacementOption } from "./options.ts";
import type { ChangedDocuments, Photo } from "./photo.ts";

type Doc = Record<string, unknown> & { _id: string; _type: string; _rev?: string };

interface GalleryItem {
  _type: "image";
  _key: string;
  asset: { _type: "reference"; _ref: string };
  alt?: string;
  caption?: string;
}

interface GalleryBlock {
  _type: "gallery";
  _key: string;
  title?: string;
  images?: GalleryItem[];
}

export interface TargetDocuments {
  option: PlacementOption;
  published: Doc | undefined;
  draft: Doc | undefined;
}

/** Where the photographs go, for the report: `post "Autumn" (/post/autumn), gallery "Ridges"`. */
export function describeTarget(target: TargetDocuments, gallery: string | undefined): string {
  const doc = target.draft ?? target.published;
  const title = typeof doc?.title === "string" ? doc.title : target.option.title;
  const address =
    target.option.kind === "page" ? `/${target.option.slug}` : `/post/${target.option.slug}`;
  const where = `${target.option.kind} ${title ? `"${title}" ` : ""}(${address})`;
  return gallery ? `${where}, gallery "${gallery}"` : where;
}

/** The page or post as it is now, published and draft. */
export async function loadTarget(
  client: SanityClient,
  option: PlacementOption,
): Promise<TargetDocuments> {
  const docs = await client.fetch<Doc[]>(
    `*[_type == $type && slug.current == $slug && !(_id in path("versions.**"))] | order(_id asc)`,
    { type: option.kind, slug: option.slug },
  );
  return {
    option,
    published: docs.find((doc) => !doc._id.startsWith("drafts.")),
    draft: docs.find((doc) => doc._id.startsWith("drafts.")),
  };
}

/** Checked before anything is uploaded: a page must exist (a typo must not create one). */
export async function checkTarget(
  client: SanityClient,
  option: PlacementOption,
): Promise<TargetDocuments> {
  const target = await loadTarget(client, option);
  if (option.kind === "page" && !target.published && !target.draft) {
    const slugs = await client.fetch<string[]>(
      `*[_type == "page" && defined(slug.current) && !(_id in path("drafts.**"))].slug.current`,
    );
    throw new PlacementError(
      `No page has the slug "${option.slug}"${slugs.length ? ` (pages: ${[...new Set(slugs)].sort().join(", ")})` : ""}`,
    );
  }
  return target;
}

export class PlacementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlacementError";
  }
}

const shortHash = (text: string, length: number) =>
  createHash("sha1").update(text).digest("hex").slice(0, length);

export type PlacementStatus = "added" | "texts updated" | "already there";

export interface PlacementResult {
  description: string;
  /** Per asset id. */
  status: Map<string, PlacementStatus>;
  createdPost: boolean;
  createdGallery: boolean;
  /** The documents written (or, in a dry run, that would be). */
  written: string[];
}

/** The photographs in the run's order: capture time (then name), or name. */
export function orderPhotos(photos: readonly Photo[], order: ImportOptions["order"]): Photo[] {
  const byName = (a: Photo, b: Photo) =>
    a.file.name.localeCompare(b.file.name, "en", { numeric: true, sensitivity: "base" });
  return [...photos].sort((a, b) => {
    if (order === "capture") {
      if (a.capturedAt && b.capturedAt && a.capturedAt !== b.capturedAt) {
        return a.capturedAt < b.capturedAt ? -1 : 1;
      }
      if (a.capturedAt && !b.capturedAt) return -1;
      if (!a.capturedAt && b.capturedAt) return 1;
    }
    return byName(a, b);
  });
}

/** The body with the photographs placed, and what happened to each. */
function placeInBody(
  body: readonly unknown[],
  galleryTitle: string | undefined,
  photos: readonly Photo[],
  status: Map<string, PlacementStatus>,
): { body: unknown[]; createdGallery: boolean } {
  const out = [...body];
  const isGallery = (block: unknown): block is GalleryBlock =>
    (block as GalleryBlock | undefined)?._type === "gallery";
  const wanted = galleryTitle?.trim().toLowerCase();
  let index = out.findIndex(
    (block) =>
      isGallery(block) && (wanted === undefined || block.title?.trim().toLowerCase() === wanted),
  );
  const createdGallery = index < 0;
  if (createdGallery) {
    out.push({
      _type: "gallery",
      _key: `g${shortHash(galleryTitle ?? "gallery", 11)}`,
      ...(galleryTitle ? { title: galleryTitle } : {}),
      images: [],
    } satisfies GalleryBlock);
    index = out.length - 1;
  }
  const gallery = out[index] as GalleryBlock;
  const images = [...(gallery.images ?? [])];
  const keys = new Set(images.map((item) => item._key));
  for (const photo of photos) {
    const at = images.findIndex((item) => item?.asset?._ref === photo.assetId);
    if (at >= 0) {
      const item = images[at] as GalleryItem;
      const texts = {
        ...(photo.alt && item.alt !== photo.alt ? { alt: photo.alt } : {}),
        ...(photo.caption && item.caption !== photo.caption ? { caption: photo.caption } : {}),
      };
      if (Object.keys(texts).length > 0) {
        images[at] = { ...item, ...texts };
        status.set(photo.assetId, "texts updated");
      } else if (!status.has(photo.assetId)) status.set(photo.assetId, "already there");
      continue;
    }
    let key = photo.key;
    for (let n = 2; keys.has(key); n++) key = `${photo.key}-${n}`;
    keys.add(key);
    images.push({
      _type: "image",
      _key: key,
      asset: { _type: "reference", _ref: photo.assetId },
      ...(photo.alt ? { alt: photo.alt } : {}),
      ...(photo.caption ? { caption: photo.caption } : {}),
    });
    status.set(photo.assetId, "added");
  }
  out[index] = { ...gallery, images };
  return { body: out, createdGallery };
}

const SYSTEM_FIELDS = new Set(["_id", "_rev", "_createdAt", "_updatedAt", "_originalId"]);

function withoutSystemFields(doc: Doc): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !SYSTEM_FIELDS.has(key)));
}

function titleFromSlug(slug: string): string {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isConflict = (error: unknown) => (error as { statusCode?: number })?.statusCode === 409;

/**
 * Places the photographs (in the order given) and commits, unless a dry run. Retries when
 * someone changed the document in the meantime (its revision no longer matches).
 */
export async function placePhotos(
  client: SanityClient,
  options: ImportOptions,
  option: PlacementOption,
  photos: readonly Photo[],
  changed: ChangedDocuments,
): Promise<PlacementResult> {
  for (let attempt = 1; ; attempt++) {
    const target = await loadTarget(client, option);
    const status = new Map<string, PlacementStatus>();
    const mutations: Mutation[] = [];
    const written: string[] = [];
    let createdGallery = false;
    let createdPost = false;
    const edit = (doc: Doc) => {
      const placed = placeInBody(
        Array.isArray(doc.body) ? doc.body : [],
        options.gallery,
        photos,
        status,
      );
      createdGallery ||= placed.createdGallery;
      return placed.body;
    };

    if (!target.published && !target.draft) {
      if (option.kind === "page") throw new PlacementError(`The page "${option.slug}" is gone`);
      if (photos.length === 0) {
        return {
          description: describeTarget(target, options.gallery),
          status,
          createdPost,
          createdGallery,
          written,
        };
      }
      const first = photos[0] as Photo;
      const body = edit({ _id: "", _type: "post", body: [] });
      const id = `${options.draft ? "drafts." : ""}post-${option.slug}`;
      mutations.push({
        create: {
          _id: id,
          _type: "post",
          title: option.title ?? titleFromSlug(option.slug),
          slug: { _type: "slug", current: option.slug },
          publishedAt: new Date().toISOString(),
          mainImage: {
            _type: "image",
            asset: { _type: "reference", _ref: first.assetId },
            ...(first.alt ? { alt: first.alt } : {}),
          },
          body,
        },
      });
      written.push(id);
      createdPost = true;
    } else {
      const docs: Doc[] = options.draft
        ? [
            target.draft ?? {
              ...(target.published as Doc),
              _id: `drafts.${target.published?._id}`,
              _rev: undefined,
            },
          ]
        : [target.published, target.draft].filter((doc): doc is Doc => doc !== undefined);
      for (const doc of docs) {
        const body = edit(doc);
        if (JSON.stringify(body) === JSON.stringify(doc.body ?? [])) continue;
        mutations.push(
          doc._rev
            ? { patch: { id: doc._id, ifRevisionID: doc._rev, set: { body } } }
            : { create: { ...withoutSystemFields(doc), _id: doc._id, _type: doc._type, body } },
        );
        written.push(doc._id);
      }
    }

    const description = describeTarget(target, options.gallery);
    if (mutations.length > 0 && !options.dryRun) {
      try {
        await client.mutate(mutations, {
          visibility: "sync",
          returnDocuments: false,
        });
      } catch (error) {
        if (isConflict(error) && attempt < 3) continue;
        throw error;
      }
      for (const id of written.filter((id) => !id.startsWith("drafts."))) {
        changed.set(id, {
          _id: id,
          _type: option.kind,
          slug: { current: option.slug },
          operation: createdPost ? "create" : "update",
        });
      }
    }
    return { description, status, createdPost, createdGallery, written };
  }
}
