/**
 * A gallery's id: 26 characters of lowercase base32, 130 random bits, so a gallery's address
 * cannot be guessed (docs/galleries.md). Its Sanity document is `clientGallery.{id}`, an id on a
 * sub-path, which Sanity never serves to a request without a token.
 */
export const GALLERY_ID = /^[a-z2-7]{26}$/;

/** A photograph's id: the first 32 hex characters of its file's SHA-256. */
export const PHOTO_ID = /^[0-9a-f]{32}$/;

export const isGalleryId = (value: string | undefined): value is string =>
  value !== undefined && GALLERY_ID.test(value);

export const isPhotoId = (value: string | undefined): value is string =>
  value !== undefined && PHOTO_ID.test(value);

/** The gallery's document in Sanity. */
export const galleryDocumentId = (id: string) => `clientGallery.${id}`;

/** Where everything of a gallery is kept in the bucket. */
export const galleryPrefix = (gallery: string) => `galleries/${gallery}/`;

/** Where a photograph's original is kept in the bucket. */
export const photoKey = (gallery: string, photo: string) => `${galleryPrefix(gallery)}${photo}`;

/**
 * The watermarked files the upload command makes of each photograph (cli/gallery/mark.ts) and
 * keeps beside its original: every size the grid and viewer show, and the 2048-pixel download.
 * Nothing else is served while the gallery is proofing (no original, no zoom region).
 */
export const MARKED_FILES = [
  "480.webp",
  "640.webp",
  "960.webp",
  "1600.webp",
  "2048.webp",
  "2048.jpg",
] as const;
export type MarkedFile = (typeof MARKED_FILES)[number];

export const isMarkedFile = (value: string | undefined): value is MarkedFile =>
  (MARKED_FILES as readonly (string | undefined)[]).includes(value);

/** Where a photograph's watermarked files are kept in the bucket. */
export const markedPrefix = (gallery: string, photo: string) =>
  `${galleryPrefix(gallery)}marked/${photo}/`;

/** Where a photograph's watermarked file is kept in the bucket. */
export const markedKey = (gallery: string, photo: string, file: MarkedFile) =>
  `${markedPrefix(gallery, photo)}${file}`;

/** The gallery's own addresses, all under `/g/{id}` (its cookies' path). */
export const galleryPaths = {
  root: (id: string) => `/g/${id}`,
  /** A photograph's own page (the viewer shows its stage). */
  photo: (id: string, photo: string) => `/g/${id}/p/${photo}`,
  unlock: (id: string) => `/g/${id}/unlock`,
  client: (id: string) => `/g/${id}/client`,
  confirm: (id: string) => `/g/${id}/client/confirm`,
  cover: (id: string, width: 640 | 960 | 1600, stage: string) =>
    `/g/${id}/cover/${width}.webp?v=${stage}`,
  favourites: (id: string) => `/g/${id}/favourites`,
  send: (id: string) => `/g/${id}/favourites/send`,
  /** A size; `stage` makes the browser keep a proof and a clean copy apart. */
  size: (id: string, photo: string, width: number, format: "webp" | "jpg", stage?: string) =>
    `/g/${id}/photo/${photo}/${width}.${format}${stage ? `?v=${stage}` : ""}`,
  original: (id: string, photo: string) => `/g/${id}/photo/${photo}/original`,
  /** Regions of the photograph for the viewer's zoom (`?rect=…&w=…` is added by the viewer). */
  region: (id: string, photo: string) => `/g/${id}/photo/${photo}/region`,
  download: (id: string, photo: string, size: DownloadSize) =>
    `/g/${id}/download/${photo}?size=${size}`,
  zip: (id: string, set: "all" | "favourites", size: DownloadSize) =>
    `/g/${id}/download?set=${set}&size=${size}`,
};

/** What a client may download: the original file, or its 2048-pixel size. */
export type DownloadSize = "original" | "2048";
