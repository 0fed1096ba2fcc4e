// The Sanity Studio schema the site expects, laid out as Sanity's own templates do: documents
// (listed and created in the Studio), singletons (exactly one document each) and objects (types
// used inside them). Field definitions several types share are in fields/. The slideshow does
// not need a type of its own: it shows the photographs tagged "Slideshow Image" in the Media
// tool (sanity-plugin-media).
import { booking } from "./documents/booking";
import { client } from "./documents/client";
import { clientGallery } from "./documents/client-gallery";
import { inquiry } from "./documents/inquiry";
import { order } from "./documents/order";
import { page } from "./documents/page";
import { post } from "./documents/post";
import { sessionType } from "./documents/session-type";
import { gallery } from "./objects/gallery";
import { galleryActivity } from "./objects/gallery-activity";
import { galleryPassword } from "./objects/gallery-password";
import { galleryPrint } from "./objects/gallery-print";
import { gallerySelection } from "./objects/gallery-selection";
import { galleryStats } from "./objects/gallery-stats";
import { navItem } from "./objects/nav-item";
import { introText, richText } from "./objects/rich-text";
import { socialLink } from "./objects/social-link";
import { translatedName } from "./objects/translated-name";
import { BOOKING_SETTINGS_ID, bookingSettings } from "./singletons/booking-settings";
import { LOCATION_SETTINGS_ID, locationSettings } from "./singletons/location-settings";
import { SITE_SETTINGS_ID, siteSettings } from "./singletons/site-settings";
import {
  licenceType,
  printProduct,
  STORE_SETTINGS_ID,
  shippingRate,
  storeOffer,
  storeSettings,
} from "./singletons/store-settings";

export { BOOKING_SETTINGS_ID, LOCATION_SETTINGS_ID, SITE_SETTINGS_ID, STORE_SETTINGS_ID };

const documents = [page, post, inquiry, order, booking, client, clientGallery, sessionType];
/** Singletons at an id of their own (a private path), opened from their own item. */
const privateSingletons = [locationSettings];
const singletons = [siteSettings, storeSettings, bookingSettings];
const objects = [
  gallery,
  richText,
  introText,
  socialLink,
  navItem,
  translatedName,
  galleryPassword,
  gallerySelection,
  galleryStats,
  printProduct,
  licenceType,
  shippingRate,
  storeOffer,
  galleryActivity,
  galleryPrint,
];

export const schemaTypes = [...documents, ...singletons, ...privateSingletons, ...objects];

/** Document types with exactly one document, whose id is the type's name. */
export const singletonTypes = new Set<string>(singletons.map((type) => type.name));

/** Singletons whose one document has an id of its own (`settings.location`). */
export const privateSingletonTypes = new Set<string>(privateSingletons.map((type) => type.name));

/** Document types only the site creates (visitors' inquiries): never made by hand here. */
export const siteWrittenTypes = new Set<string>([
  inquiry.name,
  order.name,
  booking.name,
  client.name,
]);

/**
 * Document types created only from their own list, which gives each document an id of its own
 * (a client gallery's id is its secret address, structure.ts): kept out of the Studio's global
 * "create" menu and never duplicated, as either would give a new document a plain random id.
 */
export const ownIdTypes = new Set<string>([clientGallery.name]);
