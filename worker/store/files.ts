/**
 * The files an order delivers, at signed addresses that expire: a print's file for the lab
 * (`/_app/store/print/{order}/{line}`), fetched by the lab itself, and a licence's file for the
 * buyer (`/order/{order}/download/{line}`). Each address carries its expiry and an HMAC-SHA256
 * of what it is for, under a key made of the store's secret and the purpose: it works only for
 * that order's line, until it expires, and cannot be made up or turned into another.
 */
import type { StoreKeys } from "../config/config.ts";
import { fromBase64url, toBase64url } from "../lib/signing.ts";
import type { OrderLine } from "./orders.ts";

export type FilePurpose = "print" | "licence";

const encoder = new TextEncoder();

function keyOf(keys: StoreKeys, purpose: FilePurpose): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(`portfolio store ${purpose} file\n${keys.stripe.secretKey}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

const signed = (order: string, line: number, expires: number) => `${order}\n${line}\n${expires}`;

export const filePath = (purpose: FilePurpose, order: string, line: number) =>
  purpose === "print" ? `/_app/store/print/${order}/${line}` : `/order/${order}/download/${line}`;

/** The signed address of a line's file, valid for `seconds`. */
export async function signedFileUrl(
  keys: StoreKeys,
  origin: string,
  purpose: FilePurpose,
  order: string,
  line: number,
  seconds: number,
  now = Date.now(),
): Promise<string> {
  const expires = Math.floor(now / 1000) + seconds;
  const signature = new Uint8Array(
    await crypto.subtle.sign(
      "HMAC",
      await keyOf(keys, purpose),
      encoder.encode(signed(order, line, expires)),
    ),
  );
  return `${origin}${filePath(purpose, order, line)}?expires=${expires}&signature=${toBase64url(signature)}`;
}

/** Whether a request's `expires` and `signature` are genuine for this line and not past. */
export async function verifyFileUrl(
  keys: StoreKeys,
  purpose: FilePurpose,
  order: string,
  line: number,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
  if (Number(expires) * 1000 <= now) return false;
  const bytes = fromBase64url(signature);
  if (bytes?.length !== 32) return false;
  return crypto.subtle.verify(
    "HMAC",
    await keyOf(keys, purpose),
    bytes,
    encoder.encode(signed(order, line, Number(expires))),
  );
}

/**
 * The image service's address of a line's file (at `imageOrigin`, as the site's own images): the photograph as the owner cropped it, as a
 * JPEG, whole for a print, at most the licence's long edge for a licence.
 */
export function imageUrlOf(line: OrderLine, imageOrigin: string): string | undefined {
  const { assetUrl, assetWidth: width, assetHeight: height, crop, longEdge } = line.details;
  // A client gallery's photograph is not on the image service: its original is in the bucket.
  if (!assetUrl || !width || !height) return undefined;
  // The asset's path on the image service the site uses (Sanity's CDN, or the demo's).
  const url = new URL(new URL(assetUrl).pathname, imageOrigin);
  if (crop) {
    const left = Math.round(width * crop.left);
    const top = Math.round(height * crop.top);
    const w = Math.round(width * (1 - crop.left - crop.right));
    const h = Math.round(height * (1 - crop.top - crop.bottom));
    url.searchParams.set("rect", `${left},${top},${w},${h}`);
  }
  if (line.kind === "licence" && longEdge) {
    const [w, h] = crop
      ? [width * (1 - crop.left - crop.right), height * (1 - crop.top - crop.bottom)]
      : [width, height];
    if (Math.max(w, h) > longEdge) url.searchParams.set(w >= h ? "w" : "h", String(longEdge));
  }
  url.searchParams.set("fm", "jpg");
  url.searchParams.set("q", "95");
  return url.href;
}
