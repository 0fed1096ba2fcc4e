/**
 * The little of the Mapbox Vector Tile format the map draws (spec 2.1): each layer's name,
 * extent and features, each feature's type and geometry as rings or lines of tile coordinates.
 * Properties are not read. A protobuf reader of a few lines instead of a library.
 */

export interface TileFeature {
  /** 1 point, 2 line, 3 polygon. */
  type: number;
  /** Each part (a ring, a line), as flat [x0, y0, x1, y1, …] in tile units. */
  parts: number[][];
}

export interface TileLayer {
  extent: number;
  features: TileFeature[];
}

class Reader {
  at = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80 || this.at >= this.bytes.length) return value;
      scale *= 128;
    }
  }
  /** Calls `field` for each field of the message up to `end`; skips what it does not read. */
  fields(end: number, field: (tag: number, wire: number) => boolean): void {
    while (this.at < end) {
      const key = this.varint();
      const tag = Math.floor(key / 8);
      const wire = key & 7;
      const start = this.at;
      if (field(tag, wire) && this.at !== start) continue;
      if (wire === 0) this.varint();
      else if (wire === 1) this.at += 8;
      else if (wire === 2) {
        // Read first: `this.at += this.varint()` would add to the offset before the read.
        const length = this.varint();
        this.at += length;
      } else if (wire === 5) this.at += 4;
      else return;
    }
  }
}

const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

function geometry(commands: number[]): number[][] {
  const parts: number[][] = [];
  let part: number[] | undefined;
  let x = 0;
  let y = 0;
  for (let i = 0; i < commands.length; ) {
    const command = commands[i++] ?? 0;
    const id = command & 7;
    const count = command >> 3;
    if (id === 7) {
      if (part && part.length >= 2) part.push(part[0] as number, part[1] as number);
      continue;
    }
    for (let n = 0; n < count; n++) {
      x += zigzag(commands[i++] ?? 0);
      y += zigzag(commands[i++] ?? 0);
      if (id === 1) {
        part = [x, y];
        parts.push(part);
      } else part?.push(x, y);
    }
  }
  return parts;
}

/** The layers of a vector tile, by name. */
export function decodeTile(bytes: Uint8Array): Map<string, TileLayer> {
  const reader = new Reader(bytes);
  const layers = new Map<string, TileLayer>();
  reader.fields(bytes.length, (tag, wire) => {
    if (tag !== 3 || wire !== 2) return false;
    const end = reader.varint() + reader.at;
    let name = "";
    const layer: TileLayer = { extent: 4096, features: [] };
    reader.fields(end, (field, fieldWire) => {
      if (field === 1 && fieldWire === 2) {
        const length = reader.varint();
        name = new TextDecoder().decode(bytes.subarray(reader.at, reader.at + length));
        reader.at += length;
        return true;
      }
      if (field === 5 && fieldWire === 0) {
        layer.extent = reader.varint();
        return true;
      }
      if (field !== 2 || fieldWire !== 2) return false;
      const featureEnd = reader.varint() + reader.at;
      let type = 0;
      let commands: number[] = [];
      reader.fields(featureEnd, (part, partWire) => {
        if (part === 3 && partWire === 0) {
          type = reader.varint();
          return true;
        }
        if (part !== 4 || partWire !== 2) return false;
        const stop = reader.varint() + reader.at;
        commands = [];
        while (reader.at < stop) commands.push(reader.varint());
        return true;
      });
      layer.features.push({ type, parts: geometry(commands) });
      return true;
    });
    layers.set(name, layer);
    return true;
  });
  return layers;
}
