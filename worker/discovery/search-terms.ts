/**
 * What a visitor typed into the search box, made into what the search query asks for: at most
 * `MAX_QUERY_LENGTH` characters, words of letters, their marks and digits (any script), each
 * matched as the start of a word (`word*`, so a word being typed matches), at most `MAX_TERMS`
 * of them. Also the snippet of a found document's text around the first word it matches.
 */

export const MAX_QUERY_LENGTH = 100;
export const MAX_TERMS = 8;

export type SearchRequest =
  | { kind: "empty" }
  | { kind: "too-long"; query: string }
  | { kind: "search"; query: string; terms: string[] };

/** The words of a query, lower case, each once, in order. */
export function queryWords(query: string): string[] {
  const words =
    query
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)];
}

/**
 * The search a `q` parameter asks for. Surrounding space does not count; a query of nothing
 * but punctuation is empty; one over the limit is refused rather than cut (a cut query would
 * find something else than what was asked).
 */
export function searchRequest(q: string | undefined): SearchRequest {
  const query = (q ?? "").replace(/\s+/g, " ").trim();
  if ([...query].length > MAX_QUERY_LENGTH) return { kind: "too-long", query };
  const words = queryWords(query).slice(0, MAX_TERMS);
  if (words.length === 0) return { kind: "empty" };
  return { kind: "search", query, terms: words.map((word) => `${word}*`) };
}

/** Characters of a snippet. */
const SNIPPET = 180;

/**
 * About `SNIPPET` characters of `text` around the first of `words` it contains (at word
 * boundaries, with "…" where it is cut); its start when none is found.
 */
export function snippet(text: string, words: readonly string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SNIPPET) return flat;
  const lower = flat.toLowerCase();
  const hits = words.map((word) => lower.indexOf(word)).filter((at) => at >= 0);
  const hit = hits.length ? Math.min(...hits) : 0;
  let start = Math.max(0, hit - SNIPPET / 3);
  if (start > 0) start = flat.indexOf(" ", start) + 1 || start;
  let end = Math.min(flat.length, start + SNIPPET);
  if (end < flat.length)
    end = flat.lastIndexOf(" ", end) > start ? flat.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}
