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
  /** Its title (see photoTitle). */
  title: string;
  /** The title of the page or post it is on. */
  documentTitle: string;
  image: Photo["image"];
  offer: Offer;
}

/**
 * What the cart, Stripe's page, the order and the licence's `dc:title` call a photograph: its
 * title as its page heads it (the placement's, else the Media tool's), else its caption.
 */
export function photoTitle(image: Photo["image"], position: number, count: number): string {
  return (
    image.title?.trim() ||
    image.asset.title?.trim() ||
    image.caption?.trim() ||
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
