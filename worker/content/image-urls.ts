import { createImageUrlBuilder } from "@sanity/image-url";
import type { ContentConfig } from "../config/content-config.ts";
import type { ImageAsset } from "./model.ts";

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
  quality?: number;
}

/** Builds the CDN URLs of an asset for one slot; views receive it from the page handler. */
export type ImageFor = (asset: ImageAsset, options?: ImageOptions) => ImageSource;

const SANITY_IMAGE_CDN = "https://cdn.sanity.io";

/**
 * The origin every image URL points at: Sanity's image CDN, or the custom API host when one is
 * set (the demo service serves images itself). The Content-Security-Policy allows exactly this
 * origin, so it is computed in this one place.
 */
export function imageOrigin(apiHost: string | undefined): string {
  const host = apiHost?.trim();
  if (!host) return SANITY_IMAGE_CDN;
  try {
    return new URL(host).origin;
  } catch {
    return SANITY_IMAGE_CDN;
  }
}

export type ImageUrls = ReturnType<typeof imageUrls>;

type ImageConfig = Pick<ContentConfig, "projectId" | "dataset" | "apiHost">;

/** Most responsive sources a builder remembers: the same photographs recur on every page. */
const MAX_REMEMBERED = 1000;

const builders = new Map<string, ReturnType<typeof createImageUrls>>();

/**
 * Image CDN URLs for the configured project (the demo service when SANITY_API_HOST is set).
 * One instance per configuration per isolate, so the srcsets it has built are reused by later
 * requests instead of being rebuilt on every render.
 */
export function imageUrls(config: ImageConfig) {
  const key = `${config.apiHost ?? ""}|${config.projectId}|${config.dataset}`;
  let urls = builders.get(key);
  if (!urls) {
    urls = createImageUrls(config);
    builders.set(key, urls);
  }
  return urls;
}

function createImageUrls(config: ImageConfig) {
  const remembered = new Map<string, ImageSource>();
  const builder = createImageUrlBuilder({
    projectId: config.projectId,
    dataset: config.dataset,
    baseUrl: imageOrigin(config.apiHost),
  });

  /**
   * A responsive source: `aspect` (width / height) crops to that shape; otherwise the photo
   * keeps its own. Widths never exceed the original (the CDN does not upscale).
   */
  const responsive: ImageFor = (asset, options = {}) => {
    const key = `${asset._id}|${asset.width}x${asset.height}|${options.aspect}|${options.maxWidth}|${options.quality}`;
    let image = remembered.get(key);
    if (!image) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      image = buildResponsive(asset, options);
      remembered.set(key, image);
    }
    return image;
  };

  function buildResponsive(asset: ImageAsset, options: ImageOptions): ImageSource {
    const aspect = options.aspect ?? asset.width / asset.height;
    const limit = Math.min(asset.width, options.maxWidth ?? 2560);
    const widths = [...SRCSET_WIDTHS.filter((w) => w < limit), limit];
    const url = (w: number) => {
      let image = builder
        .image(asset._id)
        .width(w)
        .auto("format")
        .quality(options.quality ?? 75);
      if (options.aspect) image = image.height(Math.round(w / aspect)).fit("crop");
      return image.url();
    };
    const defaultWidth = widths.find((w) => w >= 1024) ?? limit;
    return {
      src: url(defaultWidth),
      srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
      width: limit,
      height: Math.round(limit / aspect),
    };
  }

  /** A fixed-size rendition (Open Graph cards: 1200×630). */
  function fixed(asset: ImageAsset, width: number, height: number): string {
    return builder.image(asset._id).width(width).height(height).fit("crop").auto("format").url();
  }

  return { responsive, fixed };
}
