import type { BodyBlock, ContentImage, GalleryBlock, ImageAsset } from "./model.ts";
import type { DocumentKind } from "./paths.ts";

/**
 * Every photograph shown in a page or post has a page of its own, at an address that names
 * the document and the photograph: `/{page}/photo/{key}` or `/post/{post}/photo/{key}`. The key
 * is the photograph's `_key` in the document (Sanity keeps it when photographs are reordered,
 * so shared links keep pointing at the same photograph); a post's cover is `cover`.
 */

/** Sanity's array keys, and the cover's; anything else is not a photograph of the site. */
export const isPhotoKey = (key: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(key);
export const COVER_KEY = "cover";

/** A photograph with its key and the sequence it is browsed in. */
export interface Photo {
  key: string;
  image: ContentImage & { asset: ImageAsset };
}

/** A photograph in its sequence: where it is, and its neighbours. */
export interface PhotoInSequence {
  photo: Photo;
  /** 1-based. */
  position: number;
  count: number;
  previous?: Photo;
  next?: Photo;
  /** The gallery's title, when the sequence is a titled gallery. */
  galleryTitle?: string;
}

const withAsset = (image: ContentImage): image is ContentImage & { asset: ImageAsset } =>
  image.asset !== null && image.asset !== undefined;

const isGallery = (block: BodyBlock): block is GalleryBlock => block._type === "gallery";
const isImage = (block: BodyBlock): block is Extract<BodyBlock, { _type: "image" }> =>
  block._type === "image";

function photo(image: ContentImage, key: string | null | undefined): Photo[] {
  return withAsset(image) && key && isPhotoKey(key) ? [{ key, image }] : [];
}

interface Sequence {
  photos: Photo[];
  galleryTitle?: string;
}

/**
 * The sequences a visitor browses: a post's photographs in order (cover, then the body's
 * photographs and galleries), or, on a page, each gallery on its own and the photographs
 * outside galleries together.
 */
export function photoSequences(
  kind: DocumentKind,
  doc: { mainImage?: ContentImage | null; body: BodyBlock[] | null },
): Sequence[] {
  const body = doc.body ?? [];
  const galleryPhotos = (gallery: GalleryBlock) =>
    (gallery.images ?? []).flatMap((image) => photo(image, image._key));
  const sequences: Sequence[] =
    kind === "page"
      ? [
          { photos: body.filter(isImage).flatMap((image) => photo(image, image._key)) },
          ...body.filter(isGallery).map((gallery) => ({
            photos: galleryPhotos(gallery),
            ...(gallery.title ? { galleryTitle: gallery.title } : {}),
          })),
        ]
      : [
          {
            photos: [
              ...(doc.mainImage ? photo(doc.mainImage, COVER_KEY) : []),
              ...body.flatMap((block) =>
                isGallery(block)
                  ? galleryPhotos(block)
                  : isImage(block)
                    ? photo(block, block._key)
                    : [],
              ),
            ],
          },
        ];
  return sequences.filter((sequence) => sequence.photos.length > 0);
}

/** The photograph with this key, in its sequence; undefined when the document has none such. */
export function findPhoto(
  kind: DocumentKind,
  doc: { mainImage?: ContentImage | null; body: BodyBlock[] | null },
  key: string,
): PhotoInSequence | undefined {
  for (const { photos, galleryTitle } of photoSequences(kind, doc)) {
    const index = photos.findIndex((candidate) => candidate.key === key);
    if (index < 0) continue;
    return {
      photo: photos[index] as Photo,
      position: index + 1,
      count: photos.length,
      ...(index > 0 ? { previous: photos[index - 1] } : {}),
      ...(index < photos.length - 1 ? { next: photos[index + 1] } : {}),
      ...(galleryTitle ? { galleryTitle } : {}),
    };
  }
  return undefined;
}
