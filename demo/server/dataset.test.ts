// NDJSON loading and perspectives: pure functions, no server needed.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataset, parseNdjson } from "./dataset.ts";
import { PerspectiveViews, parsePerspective } from "./perspective.ts";

describe("loadDataset", () => {
  it("loads documents and skips blank lines", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "demo-dataset-"));
    try {
      const file = path.join(dir, "data.ndjson");
      await writeFile(file, '{"_id":"a","_type":"t"}\n\n  \r\n{"_id":"b"}\r\n');
      expect(await loadDataset(file)).toEqual([{ _id: "a", _type: "t" }, { _id: "b" }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names the file and line of bad JSON", () => {
    expect(() => parseNdjson('{"_id":"a"}\n\n{"_id": oops}\n', "x.ndjson")).toThrow(
      /^x\.ndjson:3: invalid JSON/,
    );
  });

  it("refuses documents without _id and duplicate ids", () => {
    expect(() => parseNdjson("[1,2]", "x.ndjson")).toThrow(/x\.ndjson:1: .*_id/);
    expect(() => parseNdjson('{"_id":"a"}\n{"_id":"a"}', "x.ndjson")).toThrow(
      /x\.ndjson:2: duplicate/,
    );
  });

  it("reports a missing file clearly", async () => {
    await expect(loadDataset("/nonexistent/data.ndjson")).rejects.toThrow(
      /nonexistent\/data\.ndjson/,
    );
  });
});

describe("perspectives", () => {
  const views = new PerspectiveViews([
    { _id: "a", v: "published" },
    { _id: "drafts.a", v: "draft" },
    { _id: "versions.r1.a", v: "release" },
    { _id: "versions.r1.b", v: "release only" },
  ]);

  it("stacks layers with published at the bottom (with private access)", () => {
    expect(views.get(parsePerspective(null), "private")).toEqual([{ _id: "a", v: "published" }]);
    expect(views.get(parsePerspective("previewDrafts"), "private").map((d) => d.v)).toEqual([
      "draft",
    ]);
    expect(views.get(parsePerspective("r1,drafts"), "private")).toEqual([
      { _id: "a", _originalId: "versions.r1.a", v: "release" },
      { _id: "b", _originalId: "versions.r1.b", v: "release only" },
    ]);
    expect(views.get(parsePerspective("raw"), "private")).toHaveLength(4);
  });

  it("shows public access only the published documents, whatever the perspective", () => {
    for (const perspective of [null, "raw", "drafts", "previewDrafts", "r1,drafts"]) {
      const seen = views.get(parsePerspective(perspective));
      expect(
        seen.map((d) => d.v),
        String(perspective),
      ).toEqual(["published"]);
      expect(views.get(parsePerspective(perspective), "public"), String(perspective)).toEqual(seen);
    }
  });

  it("sees replaced documents in every view afterwards", () => {
    const changing = new PerspectiveViews([{ _id: "a", v: 1 }]);
    expect(changing.get(parsePerspective(null))).toEqual([{ _id: "a", v: 1 }]);
    expect(changing.get(parsePerspective("raw"), "private")).toHaveLength(1);
    changing.replace([
      { _id: "a", v: 2 },
      { _id: "drafts.a", v: 3 },
    ]);
    expect(changing.get(parsePerspective(null))).toEqual([{ _id: "a", v: 2 }]);
    expect(changing.get(parsePerspective("raw"), "private")).toHaveLength(2);
    expect(changing.documents).toHaveLength(2);
  });

  it("rejects invalid perspectives", () => {
    expect(() => parsePerspective("raw,drafts")).toThrow();
    expect(() => parsePerspective("drafts;x")).toThrow();
  });
});
