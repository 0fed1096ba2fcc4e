import type { Crc32 } from "./zip.ts";

/**
 * A running CRC-32 (the ZIP format's checksum) computed by the runtime, workerd's
 * `crypto.DigestStream`: 512 MiB in 55 ms, where JavaScript takes 2.5 s. The upload records
 * each original's; the ZIP checks it, or writes it after a copy made as it is sent.
 */
export function runtimeCrc32(): Crc32 {
  const digest = new crypto.DigestStream("crc32");
  const writer = digest.getWriter();
  return {
    update: (bytes) => void writer.write(bytes),
    value: async () => {
      await writer.close();
      return new DataView(await digest.digest).getUint32(0);
    },
  };
}
