import { createImageUrlBuilder } from "@sanity/image-url";
import { DEFAULT_PUBLIC_SIZE } from "../../shared/public-size.ts";
import { SANITY_IMAGE_CDN } from "../config/config.ts";
import type { ContentConfig } from "../config/content-config.ts";
import type { ImageAsset, ImageCrop, ImageHotspot } from "./model.ts";

/** Widths offered in every srcset, from small phones to 2560 px screens. */
export const SRCSET_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 1920, 2560] as const;

/** A responsive rendition of a photograph: what an `<img>` needs. */
export interface ImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Width / height to crop to; the photograph's own shape when absent. */
  aspect?: number;
  /** The widest rendition worth offering for this slot (CSS px × device pixel ratio). */
  maxWidth?: number;
  /** The widths to offer (below the widest), when the slot needs fewer than the default list. */
  widths?: readonly number[];
  quality?: number;
}

/** What a rendition is made from: the asset, and the editor's crop and hotspot when placed in content. */
export interface ImageRef {
  asset: ImageAsset;
  crop?: ImageCrop | null;
  hotspot?: ImageHotspot | null;
}

/** Builds the CDN URLs of an image for one slot; views receive it from the page handler. */
export type ImageFor = (image: ImageRef, options?: ImageOptions) => ImageSource;

export type ImageUrls = ReturnType<typeof imageUrls>;

type ImageConfig = Pick<ContentConfig, "projectId" | "dataset" | "apiHost">;

/** Most responsive sources a builder remembers: the same photographs recur on every page. */
const MAX_REMEMBERED = 1000;

const builders = new Map<string, ReturnType<typeof createImageUrls>>();

/**
 * Image CDN URLs for the configured project (the demo service when SANITY_API_HOST is set),
 * none of them more than `publicSize` pixels on its long edge (the owner's public size:
 * shared/public-size.ts). One instance per configuration per isolate, so the srcsets it has
 * built are reused by later requests instead of being rebuilt on every render: measured,
 * building them costs about 8 ms of a render for 50 photographs (9 widths each), most of a warm
 * view's CPU.
 */
export function imageUrls(config: ImageConfig, publicSize = DEFAULT_PUBLIC_SIZE) {
  const key = `${config.apiHost ?? ""}|${config.projectId}|${config.dataset}|${publicSize}`;
  let urls = builders.get(key);
  if (!urls) {
    urls = createImageUrls(config, publicSize);
    builders.set(key, urls);
  }
  return urls;
}

function createImageUrls(config: ImageConfig, publicSize: number) {
  const remembered = new Map<string, ImageSource>();
  const builder = createImageUrlBuilder({
    projectId: config.projectId,
    dataset: config.dataset,
    // The custom API host (the demo service) serves images itself; config.ts's imageOrigin, which
    // the Content-Security-Policy allows, is the same origin.
    baseUrl: config.apiHost ?? SANITY_IMAGE_CDN,
  });

  /**
   * A responsive source: `aspect` (width / height) crops to that shape around the editor's
   * hotspot; otherwise the photograph keeps the shape the editor's crop gives it. Widths never
   * exceed what the (cropped) asset has, the CDN does not upscale, nor the public size on the
   * long edge: an asset uploaded larger (in the Studio, before `npm run import -- --originals`)
   * is offered no larger than one made for it.
   */
  const responsive: ImageFor = (image, options = {}) => {
    const key = JSON.stringify([
      image.asset._id,
      image.asset.width,
      image.asset.height,
      image.crop,
      image.hotspot,
      options.aspect,
      options.maxWidth,
      options.widths,
      options.quality,
    ]);
    let source = remembered.get(key);
    if (!source) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      source = buildResponsive(image, options);
      remembered.set(key, source);
    }
    return source;
  };

  /** @sanity/image-url works out the `rect` from the whole image: asset, crop and hotspot. */
  const sourceOf = ({ asset, crop, hotspot }: ImageRef) =>
    builder.image({
      asset: { _ref: asset._id },
      ...(crop ? { crop } : {}),
      ...(hotspot ? { hotspot } : {}),
    });

  function buildResponsive(image: ImageRef, options: ImageOptions): ImageSource {
    const { width, height } = croppedSize(image);
    const aspect = options.aspect ?? width / height;
    // Cropped to another shape, the widest rendition is bounded by the height too.
    const widest = options.aspect ? Math.min(width, Math.floor(height * aspect)) : width;
    const publicWidth = Math.floor(aspect >= 1 ? publicSize : publicSize * aspect);
    const limit = Math.min(widest, options.maxWidth ?? 2560, publicWidth);
    const widths = [...(options.widths ?? SRCSET_WIDTHS).filter((w) => w < limit), limit];
    const url = (w: number) => {
      let rendition = sourceOf(image)
        .width(w)
        .auto("format")
        .quality(options.quality ?? 75);
      if (options.aspect) rendition = rendition.height(Math.round(w / aspect)).fit("crop");
      return rendition.url();
    };
    const defaultWidth = widths.find((w) => w >= 1024) ?? limit;
    return {
      src: url(defaultWidth),
      srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
      width: limit,
      height: Math.round(limit / aspect),
    };
  }

  /**
   * A fixed-shape rendition around the hotspot (Open Graph cards: 1200×630), scaled down to the
   * public size where it asks for more, and the size it is.
   */
  function fixed(image: ImageRef, width: number, height: number): Rendition {
    const k = Math.min(1, publicSize / Math.max(width, height));
    const [w, h] = [Math.floor(width * k), Math.floor(height * k)];
    return {
      url: sourceOf(image).width(w).height(h).fit("crop").auto("format").url(),
      width: w,
      height: h,
    };
  }

  /** The photograph in its crop as large as the public may have it (structured data, feeds). */
  function largest(image: ImageRef): Rendition {
    const { width, height } = croppedSize(image);
    return fixed(
      image,
      Math.min(width, 2560),
      Math.round((Math.min(width, 2560) * height) / width),
    );
  }

  /** An asset whole, as PNG, by its id (the galleries' watermark image, for the upload command). */
  const png = (assetId: string): string => builder.image(assetId).format("png").url();

  return { responsive, fixed, largest, png };
}

/** An address of one rendition, and its size. */
export interface Rendition {
  url: string;
  width: number;
  height: number;
}

/** An image of some size (an asset, or its private original) and the editor's crop of it. */
type Sized = {
  asset: { width: number; height: number };
  crop?: Pick<ImageCrop, "top" | "bottom" | "left" | "right"> | null;
};

/** left, top, width, height in pixels of the original asset. */
export type Rect = [number, number, number, number];

/**
 * The part of the asset the editor kept, in asset pixels, rounded exactly as @sanity/image-url
 * rounds the `rect` it sends: a region the viewer asks for is offset by it, and must line up
 * with the renditions built from the same crop.
 */
export function cropRect({ asset, crop }: Sized): Rect {
  const { width, height } = asset;
  if (!crop) return [0, 0, width, height];
  const left = Math.round(crop.left * width);
  const top = Math.round(crop.top * height);
  return [
    left,
    top,
    Math.round(width - crop.right * width - left),
    Math.round(height - crop.bottom * height - top),
  ];
}

/** The size of the part of the photograph the editor kept. */
export function croppedSize({ asset, crop }: Sized): { width: number; height: number } {
  if (!crop) return { width: asset.width, height: asset.height };
  const keep = (cut: number) => Math.min(Math.max(cut, 0), 1);
  return {
    width: Math.max(1, Math.round(asset.width * (1 - keep(crop.left) - keep(crop.right)))),
    height: Math.max(1, Math.round(asset.height * (1 - keep(crop.top) - keep(crop.bottom)))),
  };
}
