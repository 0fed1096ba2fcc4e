// Loads a Sanity export (NDJSON: one document per line) into memory. The demo
// dataset is small and read-only, so the whole thing lives in an array.
import { readFile } from "node:fs/promises";

/** A Sanity document as it appears in an export: any JSON object with a string `_id`. */
export type SanityDocument = { _id: string; [key: string]: unknown };

export async function loadDataset(file: string): Promise<SanityDocument[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`Cannot read dataset ${file}: ${(error as Error).message}`);
  }
  return parseNdjson(text, file);
}

/**
 * Parses NDJSON text. Blank lines are skipped; anything else must be a JSON object
 * with a non-empty string `_id`, unique in the file. Errors name the file and the
 * 1-based line so a broken export is quick to fix.
 */
export function parseNdjson(text: string, file = "<ndjson>"): SanityDocument[] {
  const docs: SanityDocument[] = [];
  const seen = new Set<string>();
  // A UTF-8 BOM would make the first line invalid JSON.
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (const [index, rawLine] of lines.entries()) {
    const line = rawLine.trim(); // also drops a trailing \r from CRLF files
    if (line === "") continue;
    const where = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: invalid JSON (${(error as Error).message})`);
    }
    if (!isDocument(value)) {
      throw new Error(`${where}: expected a JSON object with a non-empty string _id`);
    }
    if (seen.has(value._id)) throw new Error(`${where}: duplicate _id "${value._id}"`);
    seen.add(value._id);
    docs.push(value);
  }
  return docs;
}

function isDocument(value: unknown): value is SanityDocument {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { _id?: unknown })._id === "string" &&
    (value as { _id: string })._id !== ""
  );
}
