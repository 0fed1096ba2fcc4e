// The Node signature of upload requests is the worker's (worker/lib/signing.ts: WebCrypto,
// the key derived from the token for this purpose); the whole protocol, paths and headers
// included, is proved against the real worker in tests/node/gallery-upload.test.ts.
import { describe, expect, it } from "vitest";
import { derivedKey, sign, toHex } from "../../worker/lib/signing.ts";
import { gallerySignature } from "./signature.ts";

const TOKEN = "sk-test-token-0123456789";
const PATH = "/_app/galleries/3kqv7mzt2h4xw5nrbd6yq2acpe/photos/0123456789abcdef0123456789abcdef";

async function workerSignature(text: string) {
  const key = await derivedKey(TOKEN, "portfolio gallery upload");
  return toHex(await sign(key as CryptoKey, text));
}

describe("gallerySignature", () => {
  it("signs a PUT as the worker checks it: method, path, time, SHA-256 and length", async () => {
    const sha256 = "0123456789abcdef0123456789abcdef".repeat(2);
    const header = gallerySignature(
      TOKEN,
      { method: "PUT", path: PATH, sha256, length: 2048 },
      1_767_225_600_000,
    );
    const expected = await workerSignature(`PUT\n${PATH}\n1767225600000\n${sha256}\n2048`);
    expect(header).toBe(`t=1767225600000,v1=${expected}`);
  });

  it("signs a bodiless request with an empty SHA-256 and length 0", async () => {
    const header = gallerySignature(TOKEN, { method: "DELETE", path: PATH }, 1_767_225_600_000);
    expect(header).toBe(
      `t=1767225600000,v1=${await workerSignature(`DELETE\n${PATH}\n1767225600000\n\n0`)}`,
    );
  });

  it("differs for another token, and never contains the token", () => {
    const a = gallerySignature(TOKEN, { method: "HEAD", path: PATH }, 1);
    const b = gallerySignature(`${TOKEN}x`, { method: "HEAD", path: PATH }, 1);
    expect(a).not.toBe(b);
    expect(a).not.toContain(TOKEN);
  });
});
