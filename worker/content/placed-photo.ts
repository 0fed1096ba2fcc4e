import type { ContentSource } from "./content-source.ts";
import type { PhotoPageContent } from "./model.ts";
import type { DocumentKind } from "./paths.ts";
import { findPhoto, type PhotoInSequence } from "./photos.ts";

/** A photograph of a page or post as a language shows it. */
export interface PlacedPhoto extends PhotoPageContent {
  doc: NonNullable<PhotoPageContent["document"]>;
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
 * choosing; the site's own body holds the photographs every language shows), with what its
 * page shows of it (one read, content-source.ts). Undefined when neither has it.
 */
export async function placedPhoto(
  content: ContentSource,
  kind: DocumentKind,
  slug: string,
  key: string,
): Promise<PlacedPhoto | undefined> {
  const read = await content.photoPage(kind, slug, key);
  const doc = read.document;
  if (!doc) return undefined;
  const found = findPhoto(kind, doc, key);
  // The body read is the language's own, or the request is in the site's own language (no
  // site body then): whether every language shows the photograph is for the site's body to say.
  if (!doc.lang?.body) {
    const inBase = read.siteBody && findPhoto(kind, { ...doc, body: read.siteBody }, key);
    if (found) return { ...read, doc, found, everyLanguage: inBase !== undefined };
    return inBase ? { ...read, doc, found: inBase, everyLanguage: true } : undefined;
  }
  return found ? { ...read, doc, found, everyLanguage: true } : undefined;
}
