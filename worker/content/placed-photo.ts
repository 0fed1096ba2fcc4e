import type { ContentSource } from "./content-source.ts";
import type { PageDocument, PostDocument } from "./model.ts";
import type { DocumentKind } from "./paths.ts";
import { findPhoto, type PhotoInSequence } from "./photos.ts";

/** A photograph of a page or post as a language shows it. */
export interface PlacedPhoto {
  doc: PageDocument | PostDocument;
  found: PhotoInSequence;
  /**
   * Whether every language of the site shows it: it is in the body of the site's own language,
   * where every language without it of its own finds it. A photograph placed only in one
   * language's own body is that language's alone.
   */
  everyLanguage: boolean;
}

/**
 * The photograph `key` of a page or post, in the request's language: in that language's body,
 * else in the site's own (a language's body is its own text, with photographs of its own
 * choosing; the site's own body holds the photographs every language shows). Undefined when
 * neither has it.
 */
export async function placedPhoto(
  content: ContentSource,
  kind: DocumentKind,
  slug: string,
  key: string,
): Promise<PlacedPhoto | undefined> {
  const read = (inBase: boolean) =>
    kind === "post" ? content.post(slug, { inBase }) : content.page(slug, { inBase });
  const doc = await read(false);
  if (!doc) return undefined;
  const found = findPhoto(kind, doc, key);
  // A body of the site's own language: nothing else to look at.
  if (!doc.lang?.body) {
    const base = await read(true);
    const inBase = base && findPhoto(kind, base, key);
    if (found) return { doc, found, everyLanguage: inBase !== undefined };
    return base && inBase ? { doc: base, found: inBase, everyLanguage: true } : undefined;
  }
  return found ? { doc, found, everyLanguage: true } : undefined;
}
