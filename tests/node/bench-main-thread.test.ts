// The bench's reading of a trace: what a task after the first paint is attributed to, and the
// longest task and total time of a run.
import { describe, expect, it } from "vitest";
import { sourceOf, summarize, type TaskTree } from "../../bench/main-thread.ts";

const node = (
  group: string,
  selfTime: number,
  children: TaskTree[] = [],
  url?: string,
  name = "RunTask",
): TaskTree => ({
  event: { name },
  group: { id: group },
  selfTime,
  children,
  attributableURLs: url ? [url] : [],
});

describe("sourceOf", () => {
  it("names the script a task spent most of its time in, by its file name", () => {
    const task = node("other", 1, [
      node("scriptEvaluation", 9, [], "http://127.0.0.1:8787/assets/react-AbC.js"),
      node("styleLayout", 3),
    ]);
    expect(sourceOf(task)).toBe("script react-AbC.js");
  });

  it("adds up self time per source across the tree", () => {
    const task = node("other", 0.5, [
      node("styleLayout", 3, [node("styleLayout", 3)]),
      node("scriptEvaluation", 4, [], "http://127.0.0.1:8787/assets/entry-AbC.js"),
    ]);
    expect(sourceOf(task)).toBe("style & layout");
  });

  it("tells compiling a script from running it", () => {
    const url = "http://127.0.0.1:8787/assets/react-AbC.js";
    const task = node("other", 0, [
      node("scriptParseCompile", 6, [], url),
      node("scriptEvaluation", 2, [], url),
    ]);
    expect(sourceOf(task)).toBe("script compile react-AbC.js");
  });

  it("names the browser's own work when no script or rendering step dominates", () => {
    expect(sourceOf(node("other", 8, [node("paintCompositeRender", 2)]))).toBe("other (browser)");
  });

  it("tells a frame waiting on its compositor commit from the rest of the browser's work", () => {
    const frame = node("other", 1, [node("other", 9, [], undefined, "Commit")]);
    expect(sourceOf(frame)).toBe("compositor commit");
  });
});

describe("summarize", () => {
  it("gives the longest task, the total and the total by source, largest first", () => {
    const summary = summarize([
      { start: 200, duration: 4, source: "style & layout" },
      { start: 210, duration: 11, source: "script entry.js" },
      { start: 300, duration: 5, source: "style & layout" },
      { start: 400, duration: 2, source: "paint & compositing" },
    ]);
    expect(summary.longest).toEqual({ start: 210, duration: 11, source: "script entry.js" });
    expect(summary.total).toBe(22);
    expect(summary.bySource).toEqual([
      { source: "script entry.js", time: 11 },
      { source: "style & layout", time: 9 },
      { source: "paint & compositing", time: 2 },
    ]);
  });

  it("has no longest task and a total of 0 for a page with nothing after its first paint", () => {
    expect(summarize([])).toEqual({ longest: undefined, total: 0, bySource: [] });
  });
});
