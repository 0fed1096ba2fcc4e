/**
 * A client gallery's id (docs/galleries.md): 26 characters of lowercase base32, 130 random bits
 * from the browser's (or Node's) cryptographic generator, so its address cannot be guessed. Its
 * document is `clientGallery.{id}`: an id on a sub-path, which Sanity never serves to a request
 * without a token, even in a public dataset. The Studio makes one when the owner creates a
 * gallery; `npm start` makes one for its demo gallery.
 */

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const LENGTH = 26;

export const GALLERY_DOCUMENT_PREFIX = "clientGallery.";

/** The site's own rule for a gallery id (worker/galleries/ids.ts). */
export const GALLERY_ID = /^[a-z2-7]{26}$/;

/** A new gallery id: each character is 5 random bits (a byte's low 5: 256 is a multiple of 32). */
export function newGalleryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join("");
}

export const galleryDocumentId = (id: string): string => `${GALLERY_DOCUMENT_PREFIX}${id}`;

/** The gallery id in a document id (drafts or not), or undefined when it is not a gallery's. */
export function galleryIdOf(documentId: string | undefined): string | undefined {
  const id = documentId?.replace(/^drafts\./, "");
  if (!id?.startsWith(GALLERY_DOCUMENT_PREFIX)) return undefined;
  const rest = id.slice(GALLERY_DOCUMENT_PREFIX.length);
  return GALLERY_ID.test(rest) ? rest : undefined;
}

/** The gallery's address, as its client opens it. */
export function galleryLink(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/g/${id}`;
}
