import type { Language } from "../../shared/i18n/languages.ts";
import { parsePhotoRef } from "../../shared/inquiries.ts";
import type { ContentSource } from "../content/content-source.ts";
import { translator } from "../i18n/translator.ts";
import type { CartLine } from "./carts.ts";
import { type Catalogue, galleryOfferFor, offeredProduct, type Product } from "./catalogue.ts";
import { photoForSale } from "./for-sale.ts";
import { type GalleryPrints, parseGalleryPhotoRef } from "./gallery-prints.ts";
import type { LineDetails } from "./orders.ts";

/** Where the photographs a line names are read: the content (public ones), the galleries. */
export interface Shelves {
  content: ContentSource;
  galleries: GalleryPrints;
  env: Env;
  /** The site's owner: the creator of a photograph whose credit names nobody. */
  owner: string;
  /** The language a line's title is written in (a gallery's photograph is "Photograph 3"). */
  language: Language;
}

/** A cart's or an order's line as it is offered now. */
export interface Sellable {
  /** What the cart, Stripe's page, the order and the e-mails call the photograph. */
  title: string;
  /** Its page. */
  path: string;
  /** A small square of it, for the cart (the client's own proof, for a gallery's). */
  thumbnail: string;
  product: Product;
  /** What fulfilment needs later, kept with the order's line. */
  details: LineDetails;
}

/**
 * What `line` is now, decided from the catalogue and the photograph, never from anything the
 * browser sent: a public photograph while it is for sale as that product, or a client gallery's
 * while its gallery sells that print of it (docs/store.md); undefined when it is not (or no
 * longer) offered. Read through `shelves.content` (the request's cached reads, or fresh ones
 * once the payment is in) and the gallery's own store.
 */
export async function sellable(
  shelves: Shelves,
  catalogue: Catalogue,
  line: Pick<CartLine, "photo" | "kind" | "product">,
): Promise<Sellable | undefined> {
  const ref = parsePhotoRef(line.photo);
  if (ref) {
    const photo = await photoForSale(shelves.content, catalogue, ref);
    const product = photo && offeredProduct(photo.offer, line.kind, line.product);
    if (!photo || !product) return undefined;
    const { asset, crop } = photo.image;
    return {
      title: photo.title,
      path: photo.path,
      // A square around the hotspot, twice the 4rem it is drawn at.
      thumbnail: shelves.content.images.fixed(photo.image, 128, 128).url,
      product,
      details: {
        path: photo.path,
        creator: asset.creditLine?.split(" · ")[0]?.trim() || shelves.owner,
        asset: asset._id,
        assetUrl: asset.url,
        assetWidth: asset.width,
        assetHeight: asset.height,
        ...(asset.original ? { original: asset.original } : {}),
        crop: crop
          ? { top: crop.top, bottom: crop.bottom, left: crop.left, right: crop.right }
          : null,
        ...sizeOf(product),
      },
    };
  }
  const named = parseGalleryPhotoRef(line.photo);
  const photo = named && (await shelves.galleries.find(shelves.env, named));
  const offer = photo && galleryOfferFor(catalogue, photo.prices, photo.pixels);
  const product = offer && offeredProduct(offer, line.kind, line.product);
  if (!photo || !product) return undefined;
  return {
    title: `${translator(shelves.language).t("gallery.photoAlt", { position: photo.position })} · ${photo.galleryTitle}`,
    path: photo.path,
    thumbnail: photo.thumbnail,
    product,
    details: {
      path: photo.path,
      gallery: {
        id: photo.gallery,
        title: photo.galleryTitle,
        document: photo.galleryDocument,
        photo: photo.photo,
        name: photo.name,
      },
      ...sizeOf(product),
    },
  };
}

/** A print's size in inches, a licence's delivered long edge and terms. */
const sizeOf = (product: Product): Partial<LineDetails> =>
  product.kind === "print"
    ? { widthInches: product.widthInches, heightInches: product.heightInches }
    : { longEdge: product.longEdge, termsUrl: product.termsUrl };
