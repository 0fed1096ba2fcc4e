import { zxyToTileId } from "pmtiles";
import { describe, expect, it } from "vitest";
import { writePmtiles } from "../../scripts/basemap/pmtiles-writer.ts";
import { PmtilesArchive, tileId } from "./pmtiles-reader.ts";

describe("the worker's PMTiles reader", () => {
  it("numbers tiles on the Hilbert curve as the pmtiles package does", () => {
    for (let z = 0; z <= 7; z++) {
      for (let x = 0; x < 2 ** z; x += z > 4 ? 3 : 1) {
        for (let y = 0; y < 2 ** z; y += z > 4 ? 5 : 1) {
          expect(tileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
        }
      }
    }
  });

  it("reads back what the writer wrote, runs of one tile and the sea included", async () => {
    const same = Uint8Array.from([7, 7]);
    const bytes = writePmtiles(
      [
        { z: 0, x: 0, y: 0, data: Uint8Array.from([1]) },
        { z: 1, x: 0, y: 0, data: same },
        { z: 1, x: 0, y: 1, data: same },
        { z: 1, x: 1, y: 1, data: same },
        { z: 3, x: 5, y: 2, data: Uint8Array.from([9, 8, 7]) },
      ],
      { minZoom: 0, maxZoom: 3, bounds: [-180, -85, 180, 85], center: [0, 0, 0], metadata: {} },
    );
    const reads: number[] = [];
    const archive = new PmtilesArchive(async (offset, length) => {
      reads.push(length);
      return bytes.slice(offset, offset + length).buffer;
    });
    const tile = async (z: number, x: number, y: number) => {
      const found = await archive.tile(z, x, y);
      return found ? [...new Uint8Array(found)] : undefined;
    };
    expect(await tile(0, 0, 0)).toEqual([1]);
    expect(await tile(1, 0, 1)).toEqual([7, 7]);
    expect(await tile(1, 1, 1)).toEqual([7, 7]);
    expect(await tile(1, 1, 0)).toBeUndefined();
    expect(await tile(3, 5, 2)).toEqual([9, 8, 7]);
    expect(await tile(4, 0, 0)).toBeUndefined();
    expect((await archive.header()).maxZoom).toBe(3);
    // The header and the root directory once; then only tiles.
    expect(reads.filter((length) => length === 127)).toHaveLength(1);
  });
});
