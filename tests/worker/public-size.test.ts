// Issue 48, item 2: a licence sells something the public cannot take for free. No public
// address serves more of a photograph than the owner's public size; larger originals are kept
// in a private bucket, which the owner's upload fills, from which the zoom gets regions only
// where the owner lets it, and from which a buyer's file is made.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { originalPath } from "../../shared/public-size.ts";
import { uploadKey, uploadSignatureText } from "../../worker/galleries/upload.ts";
import { sign, toHex } from "../../worker/lib/signing.ts";
import { request } from "./harness.ts";
import { TEST_TOKEN } from "./test-token.ts";

/** A signed request to the originals' upload address, as `npm run import` makes it. */
async function upload(
  asset: string,
  method: "HEAD" | "PUT",
  bytes?: Uint8Array,
  announced?: string,
) {
  const sha256 = bytes ? toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))) : "";
  const path = originalPath(asset);
  const at = String(Date.now());
  const text = uploadSignatureText(
    method,
    path,
    at,
    announced ?? sha256,
    String(bytes?.length ?? 0),
  );
  const signature = toHex(await sign((await uploadKey(TEST_TOKEN)) as CryptoKey, text));
  return request(path, {
    method,
    ...(bytes ? { body: bytes } : {}),
    headers: {
      "X-Gallery-Signature": `t=${at},v1=${signature}`,
      ...(bytes
        ? {
            "Content-Type": "image/jpeg",
            "Content-Length": String(bytes.length),
            "X-Photo-SHA256": announced ?? sha256,
          }
        : {}),
    },
  });
}

describe("the originals' upload", () => {
  const asset = `image-${"ab".repeat(20)}-3000x2000-jpg`;
  const bytes = new TextEncoder().encode("the original's bytes");

  it("stores a signed original under its public copy's asset id, and says so", async () => {
    expect((await upload(asset, "HEAD")).status).toBe(404);
    expect((await upload(asset, "PUT", bytes)).status).toBe(201);
    expect((await upload(asset, "HEAD")).status).toBe(200);
    const stored = await env.ORIGINALS.get(asset);
    expect(await stored?.text()).toBe("the original's bytes");
    expect(stored?.httpMetadata?.contentType).toBe("image/jpeg");
    await env.ORIGINALS.delete(asset);
  });

  it("refuses an unsigned or altered request, a file not the one announced, and a name not an asset's", async () => {
    const unsigned = await request(originalPath(asset), { method: "PUT", body: bytes });
    expect(unsigned.status).toBe(401);
    expect((await upload(asset, "PUT", bytes, "0".repeat(64))).status).toBe(409);
    expect((await upload("image-../x", "HEAD")).status).toBe(404);
    expect(await env.ORIGINALS.head(asset)).toBeNull();
  });
});
