/**
 * CRC-32 (the ZIP format's checksum, IEEE polynomial), computed as bytes stream past, so a ZIP
 * of sizes made on the fly needs no second pass and no copy in memory.
 */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The running CRC-32 of everything passed to `update`, then `value`. */
export class Crc32 {
  #crc = 0xffffffff;

  update(bytes: Uint8Array): void {
    let crc = this.#crc;
    for (let i = 0; i < bytes.length; i++) {
      crc = (TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
    }
    this.#crc = crc;
  }

  get value(): number {
    return (this.#crc ^ 0xffffffff) >>> 0;
  }
}

export function crc32(bytes: Uint8Array): number {
  const crc = new Crc32();
  crc.update(bytes);
  return crc.value;
}
