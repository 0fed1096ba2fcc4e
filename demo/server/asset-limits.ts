// What the demo's upload API takes, and what the importer checks before it uploads (a module of
// its own, so a command-line tool gets the numbers without the image library behind the API).

/**
 * Files up to 100 MB and images up to 256 megapixels (the size Sanity documents as its image
 * pipeline's limit for animated images; its API refuses far larger uploads). The demo refuses
 * larger ones with 413.
 */
export const MAX_UPLOAD_BYTES = 100 * 1000 * 1000;
export const MAX_UPLOAD_PIXELS = 256 * 1000 * 1000;
