/**
 * One list of keywords from what Lightroom writes in three places, by one rule (docs/import.md):
 *
 * 1. XMP dc:subject, then IPTC Keywords, then the last level of each XMP
 *    lr:hierarchicalSubject ("Places|Europe|Spain" gives "Spain"): the parents of a hierarchical
 *    keyword are not added, because Lightroom already writes the ones marked "Include on
 *    Export" to dc:subject.
 * 2. Each keyword trimmed (and its whitespace runs made single spaces); empty ones dropped.
 * 3. Duplicates dropped without regard to case or accents' encoding (NFC): the first spelling
 *    wins.
 */
export interface KeywordSources {
  subject: readonly string[];
  iptc: readonly string[];
  hierarchical: readonly string[];
}

export const HIERARCHY_SEPARATOR = "|";

/** The key two spellings of one keyword (or tag name) share. */
export const keywordKey = (keyword: string): string =>
  keyword.normalize("NFC").toLocaleLowerCase("und");

const clean = (keyword: string) => keyword.normalize("NFC").replace(/\s+/g, " ").trim();

export function flattenKeywords(sources: KeywordSources): string[] {
  const leaves = sources.hierarchical.map(
    (path) =>
      path
        .split(HIERARCHY_SEPARATOR)
        .filter((level) => clean(level) !== "")
        .at(-1) ?? "",
  );
  const out = new Map<string, string>();
  for (const raw of [...sources.subject, ...sources.iptc, ...leaves]) {
    const keyword = clean(raw);
    if (keyword && !out.has(keywordKey(keyword))) out.set(keywordKey(keyword), keyword);
  }
  return [...out.values()];
}
