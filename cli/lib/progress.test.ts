import { describe, expect, it } from "vitest";
import { Progress } from "./progress.ts";

function sink(tty: boolean) {
  const writes: string[] = [];
  return {
    writes,
    stream: Object.assign(
      { write: (text: string) => writes.push(text) > 0 },
      { isTTY: tty, columns: 120 },
    ) as unknown as NodeJS.WritableStream & { isTTY: boolean; columns: number },
  };
}

describe("Progress", () => {
  it("off a terminal: one plain line per item with the count, the bytes and the time left", () => {
    const { writes, stream } = sink(false);
    let now = 0;
    const progress = new Progress({
      label: "Importing",
      total: 2,
      totalBytes: 4_000_000,
      stream,
      now: () => now,
    });
    now = 2000;
    progress.addBytes(1_000_000);
    progress.itemDone("imported a.jpg");
    now = 8000;
    progress.addBytes(3_000_000);
    progress.itemDone("imported b.jpg");
    progress.finish();
    expect(writes).toEqual([
      "[1/2] imported a.jpg · 1.0 MB of 4.0 MB · about 6 s left\n",
      "[2/2] imported b.jpg · 4.0 MB of 4.0 MB · done in 8 s\n",
    ]);
  });

  it("on a terminal: a bar redrawn in place, cleared at the end", () => {
    const { writes, stream } = sink(true);
    let now = 0;
    const progress = new Progress({
      label: "Importing",
      total: 4,
      totalBytes: 1000,
      stream,
      now: () => now,
    });
    now = 1500;
    progress.addBytes(500);
    progress.itemDone("x");
    progress.finish();
    expect(writes.at(-2)).toBe(
      "\r\x1b[2KImporting [██████████░░░░░░░░░░] 1/4 · 500 B of 1.0 kB · about 2 s left",
    );
    expect(writes.at(-1)).toBe("\r\x1b[2K");
  });
});
