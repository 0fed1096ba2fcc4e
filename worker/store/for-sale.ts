import type { PhotoRef } from "../../shared/inquiries.ts";
import type { ContentSource } from "../content/content-source.ts";
import { altTextOf } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import type { Photo } from "../content/photos.ts";
import { placedPhoto } from "../content/placed-photo.ts";
import { type Catalogue, type Offer, offerFor } from "./catalogue.ts";

/** A photograph the store sells, as its page shows it and an order names it. */
export interface PhotoForSale {
  ref: PhotoRef;
  /** Its page's path. */
  path: string;
  /** The caption, the asset's title, else "Photograph n of m, {document}". */
  title: string;
  /** The title of the page or post it is on. */
  documentTitle: string;
  image: Photo["image"];
  offer: Offer;
}

/** A photograph's title as its page shows it. */
export function photoTitle(image: Photo["image"], position: number, count: number): string {
  return (
    image.caption?.trim() ||
    image.asset.title?.trim() ||
    altTextOf(image) ||
    `Photograph ${position} of ${count}`
  );
}

/**
 * The photograph `ref` names, when it is (still) there and for sale, with what it is offered
 * as. Read through `content` (the request's cached reads, or fresh ones for a payment).
 */
export async function photoForSale(
  content: ContentSource,
  catalogue: Catalogue,
  ref: PhotoRef,
): Promise<PhotoForSale | undefined> {
  const placed = await placedPhoto(content, ref.kind, ref.slug, ref.key);
  if (!placed) return undefined;
  const { doc, found } = placed;
  const { image } = found.photo;
  const offer = offerFor(catalogue, image, placed.saleSettings);
  if (!offer) return undefined;
  return {
    ref,
    path: paths.photo(ref.kind, ref.slug, ref.key),
    title: photoTitle(image, found.position, found.count),
    documentTitle: doc.title,
    image,
    offer,
  };
}
