/**
 * The client gallery of a booked shoot (docs/galleries.md): made once the deposit is paid, named
 * for the session, the client and the day, in proofing, with the client's name and e-mail, so it
 * is waiting in the Studio's Client galleries for the owner's upload after the shoot. Its id is
 * taken once in the booking's record, so whatever is repeated makes one gallery.
 */
import type { Context } from "hono";
import { LANGUAGES } from "../../shared/i18n/languages.ts";
import { newGalleryId } from "../../studio/galleries/ids.ts";
import { editorClient } from "../content/sanity-client.ts";
import { galleryDocumentId } from "../galleries/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { type Booking, d1Bookings } from "./bookings.ts";

/** The shoot's gallery id, made now where it was not yet; undefined before the deposit is paid. */
export async function shootGallery(
  c: Context<AppEnv>,
  booking: Booking,
): Promise<string | undefined> {
  if (booking.status !== "booked") return undefined;
  const gallery =
    booking.gallery ?? (await d1Bookings(c.env.STORE_DB).keepGallery(booking.id, newGalleryId()));
  if (!gallery) return undefined;
  const day = new Intl.DateTimeFormat(LANGUAGES[c.var.config.site.language].locale, {
    dateStyle: "long",
    timeZone: booking.timeZone,
  }).format(booking.start);
  await editorClient(c.var.config, "A shoot's gallery").createIfNotExists({
    _id: galleryDocumentId(gallery),
    _type: "clientGallery",
    title: `${booking.sessionTitle}, ${booking.details.name}, ${day}`,
    clientName: booking.details.name,
    clientEmail: booking.details.email,
    enabled: true,
    stage: "proofing",
    downloads: "original",
    prints: false,
  });
  return gallery;
}
