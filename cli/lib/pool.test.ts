import { describe, expect, it } from "vitest";
import { mapPool } from "./pool.ts";

describe("mapPool", () => {
  it("never runs more than the limit at once and keeps the items' order", async () => {
    let running = 0;
    let most = 0;
    const results = await mapPool([5, 1, 4, 2, 3, 0], 2, async (n, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return `${index}:${n}`;
    });
    expect(results).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3", "5:0"]);
    expect(most).toBe(2);
  });

  it("stops starting new work after a failure and rejects with it", async () => {
    const started: number[] = [];
    const run = mapPool([1, 2, 3, 4], 1, async (n) => {
      started.push(n);
      if (n === 2) throw new Error("two");
      return n;
    });
    await expect(run).rejects.toThrow("two");
    expect(started).toEqual([1, 2]);
    await expect(mapPool([1], 0, async (n) => n)).rejects.toThrow(/limit/);
  });
});
