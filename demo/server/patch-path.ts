// Paths in patch mutations (`set: {"slug.current": …}`, `unset: ["body[_key==\"b1\"]"]`).
// Sanity's paths are GROQ-like, so groq-js parses them; this module turns the few node kinds a
// path may use (attribute, array index, `[_key == "…"]` filter) into segments and applies
// them. Anything else in a path is refused rather than guessed at.
import * as groq from "groq-js";

/** An attribute name, an array index (negative counts from the end) or an array item's _key. */
export type Segment = string | number | { key: string };

type Node = { type: string; [field: string]: unknown };

function keyFilter(expr: Node): string | undefined {
  if (expr.type !== "OpCall" || expr.op !== "==") return undefined;
  const sides = [expr.left as Node, expr.right as Node];
  const attribute = sides.find(
    (side) => side.type === "AccessAttribute" && side.name === "_key" && side.base === undefined,
  );
  const value = sides.find((side) => side.type === "Value" && typeof side.value === "string");
  return attribute && value ? (value.value as string) : undefined;
}

function segmentsOf(node: Node): Segment[] {
  const base = () => (node.base ? segmentsOf(node.base as Node) : []);
  switch (node.type) {
    case "This":
      return [];
    case "AccessAttribute":
      return [...base(), node.name as string];
    case "AccessElement":
      return [...base(), node.index as number];
    case "Filter": {
      const key = keyFilter(node.expr as Node);
      if (key === undefined) throw new Error('only [_key == "…"] filters are supported');
      return [...base(), { key }];
    }
    case "Map":
      return [...base(), ...segmentsOf(node.expr as Node)];
    default:
      throw new Error(`unsupported path element (${node.type})`);
  }
}

/** Throws an Error naming the problem when the path is not one Sanity would accept. */
export function parsePath(path: string): Segment[] {
  let tree: Node;
  try {
    tree = groq.parse(path) as unknown as Node;
  } catch (error) {
    throw new Error(`invalid path "${path}": ${(error as Error).message}`);
  }
  let segments: Segment[];
  try {
    segments = segmentsOf(tree);
  } catch (error) {
    throw new Error(`invalid path "${path}": ${(error as Error).message}`);
  }
  if (segments.length === 0) throw new Error(`invalid path "${path}"`);
  // Not a field a document can have, and writing it would reach Object.prototype.
  if (segments.includes("__proto__")) throw new Error(`invalid path "${path}"`);
  return segments;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where a segment points inside a container, if it exists. */
function locate(container: unknown, segment: Segment): string | number | undefined {
  if (typeof segment === "string") return isRecord(container) ? segment : undefined;
  if (!Array.isArray(container)) return undefined;
  if (typeof segment === "number") {
    const index = segment < 0 ? container.length + segment : segment;
    return index >= 0 && index < container.length ? index : undefined;
  }
  const index = container.findIndex((item) => isRecord(item) && item._key === segment.key);
  return index < 0 ? undefined : index;
}

/** Own values only: an inherited property (a prototype's) is not part of the document. */
const child = (container: unknown, at: string | number): unknown =>
  Object.hasOwn(container as object, at)
    ? (container as Record<string | number, unknown>)[at]
    : undefined;

/**
 * Sets the value at the path. Missing objects along an attribute path are created, as Sanity
 * does; a path through a missing array item changes nothing.
 */
export function setAt(
  doc: Record<string, unknown>,
  path: Segment[],
  value: unknown,
  onlyIfMissing: boolean,
): void {
  let container: unknown = doc;
  for (const [i, segment] of path.entries()) {
    const last = i === path.length - 1;
    // A new attribute of an object can be addressed; a missing array item cannot.
    const at = locate(container, segment);
    if (at === undefined) return;
    if (last) {
      if (!onlyIfMissing || child(container, at) === undefined) {
        (container as Record<string | number, unknown>)[at] = value;
      }
      return;
    }
    let next = child(container, at);
    if (next === undefined && typeof segment === "string" && typeof path[i + 1] === "string") {
      next = {};
      (container as Record<string, unknown>)[segment] = next;
    }
    container = next;
  }
}

/** Removes the attribute or array item at the path, if it is there. */
export function unsetAt(doc: Record<string, unknown>, path: Segment[]): void {
  let container: unknown = doc;
  for (const [i, segment] of path.entries()) {
    const at = locate(container, segment);
    if (at === undefined) return;
    if (i === path.length - 1) {
      if (Array.isArray(container)) container.splice(at as number, 1);
      else delete (container as Record<string, unknown>)[at as string];
      return;
    }
    container = child(container, at);
  }
}

export type InsertPosition = "before" | "after" | "replace";

/**
 * Inserts `items` into the array the path's last segment points into: before or after the item
 * it names, or in its place. On an empty array, after `[-1]` and before `[0]` put them first, as
 * Sanity does; a path to no array changes nothing.
 */
export function insertAt(
  doc: Record<string, unknown>,
  path: Segment[],
  position: InsertPosition,
  items: unknown[],
): void {
  let container: unknown = doc;
  for (const segment of path.slice(0, -1)) {
    const at = locate(container, segment);
    if (at === undefined) return;
    container = child(container, at);
  }
  const last = path.at(-1);
  if (!Array.isArray(container) || last === undefined || typeof last === "string") return;
  const at = locate(container, last);
  if (at === undefined) {
    if (container.length === 0 && typeof last === "number") container.push(...items);
    return;
  }
  const index = at as number;
  if (position === "replace") container.splice(index, 1, ...items);
  else container.splice(position === "after" ? index + 1 : index, 0, ...items);
}
