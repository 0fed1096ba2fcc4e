/**
 * The largest image Cloudflare's image service (the Images binding) transforms: 100 megapixels,
 * and 12,000 pixels a side. Every size of a client gallery's photograph is made from its upload,
 * and a public photograph's zoom and print files from its original in the site's bucket, so a
 * larger one is refused at upload with this reason (by the commands, and by the worker's gallery
 * upload), rather than answered with errors once the gallery is delivered or the print sold.
 */
const MAX_SIDE = 12_000;
const MAX_PIXELS = 100_000_000;

export const transformable = ({ width, height }: { width: number; height: number }) =>
  Math.max(width, height) <= MAX_SIDE && width * height <= MAX_PIXELS;

export const tooLargeToTransform = ({ width, height }: { width: number; height: number }) =>
  `${width}×${height} pixels: over the 100 megapixels and 12,000 pixels a side Cloudflare's image service makes sizes from (export it smaller)`;
