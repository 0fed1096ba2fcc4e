/**
 * Invisible characters that change how text around them reads without being seen: direction
 * overrides, embeddings and isolates, direction marks, zero-width spaces and byte-order marks.
 * In a name or a mail header they can only disguise it (a sender line read backwards, an address
 * hidden), so they are dropped there. Zero-width joiners stay: Persian, Indic scripts and emoji
 * are written with them.
 */
export const INVISIBLE_FORMATTING = /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
