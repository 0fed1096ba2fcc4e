import type { Context, Handler } from "hono";
import { storeIsOn } from "../config/config.ts";
import { cropRect } from "../content/image-urls.ts";
import { cutImage } from "../lib/images.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { siteOrigin, siteSettingsFor } from "../request/context.ts";
import { PRIVATE_HEADERS } from "./context.ts";
import { type FilePurpose, imageUrlOf, verifyFileUrl } from "./files.ts";
import type { GalleryPrints } from "./gallery-prints.ts";
import { d1Orders, deliverable, type Order, type OrderLine, orderReference } from "./orders.ts";
import { licenceXmp, withXmpStream } from "./xmp.ts";

/** The bare refusal of a file: the same 404 whatever was wrong, so nothing is learnt from it. */
const refuse = (c: Context<AppEnv>) => c.text("404 Not Found", 404, PRIVATE_HEADERS);

/**
 * An order's line as others see it ("3MWV4FQK-1": the order's reference, the line's number), in
 * the lab's file names and a licence's id: the order's id itself opens its page.
 */
const lineReference = (order: Order, line: OrderLine) => `${orderReference(order.id)}-${line.line}`;

/** A file whose original the owner has yet to upload: it waits (fulfil.ts told the owner). */
const notYet = (c: Context<AppEnv>) =>
  c.text(
    "503 Service Unavailable: this file is not ready yet; the photographer has been told\n",
    503,
    { ...PRIVATE_HEADERS, "Retry-After": "3600" },
  );

/** The order and line a signed file address names, when its signature and time are good. */
export async function signedLine(
  c: Context<AppEnv>,
  purpose: FilePurpose,
): Promise<{ order: Order; line: OrderLine } | undefined> {
  const keys = c.var.config.store;
  if (!storeIsOn(keys)) return undefined;
  const id = c.req.param("order") ?? "";
  const number = Number(c.req.param("line"));
  const genuine = await verifyFileUrl(
    keys,
    purpose,
    id,
    number,
    c.req.query("expires"),
    c.req.query("signature"),
  );
  if (!genuine) return undefined;
  const order = await d1Orders(c.env.STORE_DB).get(id);
  const line = order?.lines.find((candidate) => candidate.line === number);
  if (!order || !line || !deliverable(order, purpose === "print" ? "lab" : "buyer")) {
    return undefined;
  }
  if (line.kind !== (purpose === "print" ? "print" : "licence")) return undefined;
  return { order, line };
}

/**
 * A line's file, as the owner cropped the photograph, as a JPEG (a licence's no larger than its
 * long edge): from the photograph's private original where Sanity holds a smaller public copy
 * (the original as it is where nothing is to be cut), "missing" while the original is not in
 * the bucket, never the copy in its place; else from the image service, whose asset is the whole
 * photograph.
 */
async function lineFile(
  c: Context<AppEnv>,
  line: OrderLine,
): Promise<Response | "missing" | undefined> {
  const { asset, original, crop, longEdge } = line.details;
  if (!asset || !original) return lineImage(line, c.var.config.imageOrigin);
  const file = await c.env.ORIGINALS.get(asset);
  if (!file) {
    log.error("An order's original is not in the originals bucket: upload it (npm run import)", {
      asset,
    });
    return "missing";
  }
  const [left, top, width, height] = cropRect({ asset: original, crop: crop ?? null });
  const cropped = width !== original.width || height !== original.height;
  const edge = line.kind === "licence" && longEdge && Math.max(width, height) > longEdge;
  if (!cropped && !edge && file.httpMetadata?.contentType === "image/jpeg") {
    return new Response(file.body, { headers: { "Content-Type": "image/jpeg" } });
  }
  const { config } = c.var;
  const made = await cutImage(
    c.env.IMAGES,
    file.body,
    {
      trim: cropped ? { left, top, width, height } : undefined,
      ...(edge ? { width: longEdge, height: longEdge } : {}),
      format: "image/jpeg",
      quality: 95,
    },
    { development: config.development, standIn: config.imageStandIn },
  );
  if (made.ok) return made;
  log.error("An order's file could not be made from its original", { status: made.status });
  await made.body?.cancel();
  return undefined;
}

/** The photograph's file for a line, from the image service (cropped as the owner cropped it). */
async function lineImage(line: OrderLine, imageOrigin: string): Promise<Response | undefined> {
  const url = imageUrlOf(line, imageOrigin);
  if (!url) return undefined;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(30_000),
    });
    if (res.ok && res.body) return res;
    await res.body?.cancel();
    log.error("The image service refused an order's file", { status: res.status });
  } catch (error) {
    log.error("The image service could not be reached for an order's file", {
      error: errorText(error),
    });
  }
  return undefined;
}

/**
 * `GET /_app/store/print/{order}/{line}?expires=…&signature=…`: a print's file for the lab,
 * which downloads it itself: the photograph at full size, as the owner cropped it, as a JPEG; a
 * client gallery's photograph as its original (never its watermarked proof). Only with a genuine
 * signature, before it expires, for a paid order's print line.
 */
export const printFile =
  (galleries: GalleryPrints): Handler<AppEnv> =>
  async (c) => {
    const found = await signedLine(c, "print");
    if (!found) return refuse(c);
    const { order, line } = found;
    const name = lineReference(order, line);
    const gallery = line.details.gallery;
    if (gallery) {
      const file = await galleries.original(c.env, gallery.id, gallery.photo);
      if (!file) return refuse(c);
      return new Response(file.body, {
        headers: {
          "Content-Type": file.type,
          "Content-Length": String(file.size),
          "Content-Disposition": `attachment; filename="${name}.${EXTENSIONS[file.type] ?? "jpg"}"`,
          ...PRIVATE_HEADERS,
        },
      });
    }
    const image = await lineFile(c, line);
    if (image === "missing") return notYet(c);
    if (!image) return c.text("502 Bad Gateway", 502, PRIVATE_HEADERS);
    return new Response(image.body, {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Disposition": `attachment; filename="${name}.jpg"`,
        ...PRIVATE_HEADERS,
      },
    });
  };

/** The file name's extension of each type a gallery's original may have. */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * `GET /order/{order}/download/{line}?expires=…&signature=…`: a licence's file for its buyer,
 * from their order page: the photograph as the owner cropped it, at the licence's size, with the
 * licence written into its XMP (the site's owner as licensor, the licensee, the licence type
 * and terms, the order's reference and line, the photograph's title, creator and copyright). Only with a genuine signature, before it expires, for a paid order's licence.
 */
export const licenceDownload: Handler<AppEnv> = async (c) => {
  const found = await signedLine(c, "licence");
  if (!found) return refuse(c);
  const { order, line } = found;
  const image = await lineFile(c, line);
  if (image === "missing") return notYet(c);
  if (!image) return c.text("502 Bad Gateway", 502, PRIVATE_HEADERS);
  const site = await siteSettingsFor(c);
  const origin = siteOrigin(c);
  const creator = line.details.creator ?? site.owner;
  const xmp = licenceXmp({
    // The seller grants the licence, whoever made the photograph.
    licensor: site.owner,
    licensorUrl: origin,
    creator,
    licensee: order.name ?? order.email ?? "The buyer",
    licenceType: line.productName,
    termsUrl: new URL(line.details.termsUrl ?? "/", origin).href,
    licenceId: lineReference(order, line),
    copyright: `© ${creator}`,
    title: line.photoTitle,
  });
  let file: ReadableStream<Uint8Array>;
  try {
    // Streamed: a large original is never held whole (twice, with its licence) in memory.
    file = await withXmpStream(image.body ?? new Blob().stream(), xmp);
  } catch (error) {
    log.error("A licensed file could not carry its licence", {
      order: order.id,
      error: errorText(error),
    });
    return c.text("502 Bad Gateway", 502, PRIVATE_HEADERS);
  }
  const name =
    line.photoTitle
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "photograph";
  return new Response(file, {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Disposition": `attachment; filename="${name}-${line.product}-licence.jpg"`,
      ...PRIVATE_HEADERS,
    },
  });
};
