/**
 * The signature of a request to the gallery upload endpoint (docs/galleries.md, "The upload
 * protocol"): `X-Gallery-Signature: t={ms},v1={hex}`, the HMAC-SHA256 of
 * `{METHOD}\n{path}\n{t}\n{sha256}\n{content length}` under the key "portfolio gallery
 * upload\n{token}". The worker computes the same with WebCrypto (worker/lib/signing.ts); this is
 * the one Node copy, for the upload command and whatever uses its code.
 */
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "X-Gallery-Signature";
const PURPOSE = "portfolio gallery upload";

export interface SignedRequest {
  method: "HEAD" | "GET" | "PUT" | "DELETE";
  /** The URL's path, e.g. /_app/galleries/{id}/photos/{photo}. */
  path: string;
  /** The body's SHA-256 (hex); empty without a body. */
  sha256?: string;
  /** The body's length; 0 without a body. */
  length?: number;
}

/** The header's value for `request`, made at `at` (ms since the epoch). */
export function gallerySignature(token: string, request: SignedRequest, at = Date.now()): string {
  const text = [request.method, request.path, at, request.sha256 ?? "", request.length ?? 0];
  const mac = createHmac("sha256", `${PURPOSE}\n${token}`).update(text.join("\n")).digest("hex");
  return `t=${at},v1=${mac}`;
}
