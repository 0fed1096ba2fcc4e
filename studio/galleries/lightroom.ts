/**
 * A client's selection as Lightroom Classic's Library filter takes it: the file names without
 * their extensions, separated by commas, on one line (`DSC_0142, DSC_0150`). Pasted into the
 * Filter bar's Text search (Filename, Contains), it shows those photographs; without the
 * extension the raw files match too, not only the exported JPEGs the client saw (the
 * convention proofing services follow; see docs/galleries.md, "For the owner").
 */

/** The file name without its folder and its last extension. */
export function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The filter text for a selection's file names: each base name once, in the selection's order. */
export function lightroomFilter(fileNames: readonly string[]): string {
  const names = fileNames.map((name) => baseName(name.trim())).filter(Boolean);
  return [...new Set(names)].join(", ");
}
