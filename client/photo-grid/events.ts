/**
 * The one word between a photo grid and the viewer over it: the viewer, nearing the end of the
 * grid's loaded photographs, dispatches this on the grid (`[data-photo-sequence]`), and the
 * grid's "more" script (more-photos.ts) appends the next slice, which the viewer sees arrive.
 * A plain event, so neither bundle loads the other.
 */
export const MORE_PHOTOS = "photo-sequence:more";
