// @sanity/icons 5 exports each icon from its own path; the root entry no longer has them.
import { BasketIcon } from "@sanity/icons/Basket";
import { CalendarIcon } from "@sanity/icons/Calendar";
import { ClockIcon } from "@sanity/icons/Clock";
import { CogIcon } from "@sanity/icons/Cog";
import { DocumentIcon } from "@sanity/icons/Document";
import { EnvelopeIcon } from "@sanity/icons/Envelope";
import { ImagesIcon } from "@sanity/icons/Images";
import { LockIcon } from "@sanity/icons/Lock";
import { PinIcon } from "@sanity/icons/Pin";
import { UsersIcon } from "@sanity/icons/Users";
import type { StructureBuilder, StructureResolver } from "sanity/structure";
import { galleryIdOf } from "./galleries/ids";
import { NewGalleryPane } from "./galleries/NewGalleryPane";
import {
  BOOKING_SETTINGS_ID,
  LOCATION_SETTINGS_ID,
  SITE_SETTINGS_ID,
  STORE_SETTINGS_ID,
} from "./schema";

/**
 * The Studio's content list: the site settings as one document (never a list, so a second
 * settings document cannot be made here), then pages and posts, then the inquiries visitors
 * sent through the site's contact form, newest first, and the client galleries, newest first.
 * Types are listed by name rather than all at once, so the Media tool's tag documents stay out
 * of this list.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Content")
    .items([
      S.listItem()
        .title("Site settings")
        .id(SITE_SETTINGS_ID)
        .icon(CogIcon)
        .child(
          S.document()
            .schemaType("siteSettings")
            .documentId(SITE_SETTINGS_ID)
            .title("Site settings"),
        ),
      // Private (its id has a path): the never-show zones are often the owner's home.
      S.listItem()
        .title("Location privacy")
        .id("location-privacy")
        .icon(PinIcon)
        .child(
          S.document()
            .schemaType("locationSettings")
            .documentId(LOCATION_SETTINGS_ID)
            .title("Location privacy"),
        ),
      S.listItem()
        .title("Store")
        .id(STORE_SETTINGS_ID)
        .icon(BasketIcon)
        .child(
          S.document().schemaType("storeSettings").documentId(STORE_SETTINGS_ID).title("Store"),
        ),
      S.listItem()
        .title("Booking")
        .id(BOOKING_SETTINGS_ID)
        .icon(CalendarIcon)
        .child(
          S.document()
            .schemaType("bookingSettings")
            .documentId(BOOKING_SETTINGS_ID)
            .title("Booking"),
        ),
      S.documentTypeListItem("sessionType").title("Session types").icon(CalendarIcon),
      S.divider(),
      S.documentTypeListItem("page").title("Pages").icon(DocumentIcon),
      S.listItem()
        .title("Posts")
        .schemaType("post")
        .icon(ImagesIcon)
        .child(
          S.documentTypeList("post")
            .title("Posts")
            .defaultOrdering([{ field: "publishedAt", direction: "desc" }]),
        ),
      S.divider(),
      S.listItem()
        .title("Inquiries")
        .schemaType("inquiry")
        .icon(EnvelopeIcon)
        .child(
          S.documentTypeList("inquiry")
            .title("Inquiries")
            .defaultOrdering([{ field: "receivedAt", direction: "desc" }])
            // Only the site creates inquiries.
            .initialValueTemplates([]),
        ),
      S.listItem()
        .title("Orders")
        .schemaType("order")
        .icon(BasketIcon)
        .child(
          S.documentTypeList("order")
            .title("Orders")
            .defaultOrdering([{ field: "paidAt", direction: "desc" }])
            // Only the site creates orders.
            .initialValueTemplates([]),
        ),
      S.listItem()
        .title("Bookings")
        .schemaType("booking")
        .icon(ClockIcon)
        .child(
          S.documentTypeList("booking")
            .title("Bookings")
            .defaultOrdering([{ field: "start", direction: "desc" }])
            // Only the site creates bookings.
            .initialValueTemplates([]),
        ),
      S.listItem()
        .title("Clients")
        .schemaType("client")
        .icon(UsersIcon)
        .child(
          S.documentTypeList("client")
            .title("Clients")
            .defaultOrdering([{ field: "name", direction: "asc" }])
            // Only the site creates clients.
            .initialValueTemplates([]),
        ),
      S.divider(),
      S.listItem()
        .title("Client galleries")
        .schemaType("clientGallery")
        .icon(LockIcon)
        .child(clientGalleries(S)),
    ]);

/**
 * The client galleries, newest first. The list's "+" opens a pane at a new plain random id with
 * the type's template; that pane is NewGalleryPane, which moves the editor to a new gallery id
 * (`clientGallery.{26 base32 characters}`, the gallery's secret address) before anything is
 * saved. Every other id opens its document, whatever it is (a malformed one can be deleted).
 */
function clientGalleries(S: StructureBuilder) {
  return S.documentTypeList("clientGallery")
    .title("Client galleries")
    .defaultOrdering([{ field: "_createdAt", direction: "desc" }])
    .child((id, { params }) =>
      params.template && !galleryIdOf(id)
        ? S.component(NewGalleryPane).id("new-gallery").title("New client gallery")
        : S.document().documentId(id).schemaType("clientGallery"),
    );
}
