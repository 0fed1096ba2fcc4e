import type { Config } from "../config/config.ts";
import type { Inquiry } from "../content/sanity.types.ts";
import { editorClient } from "../content/sanity-client.ts";
import type { InquiryMessage } from "./message.ts";

/**
 * Inquiries in Sanity: one `inquiry` document per message, at `inquiry.{id}`. An id with a
 * "." is on a sub-path, and Sanity never serves documents on a sub-path to requests without a
 * token, even from a public dataset: an inquiry is readable only in the Studio and by whoever
 * holds a token. Writing needs SANITY_TOKEN with write rights (an *Editor* token).
 */

/** The document id of an inquiry. */
export const inquiryDocumentId = (id: string) => `inquiry.${id}`;

/**
 * What the worker writes, typed from the Studio's schema (TypeGen's `Inquiry`), so a field the
 * schema renames or drops fails type-checking here: the fields Sanity sets itself left out,
 * and the ones the site always fills in required. The objects carry a `_type` of their own,
 * which the schema's inline objects leave unnamed.
 */
type Written<T, Keys extends keyof T> = Omit<T, Keys> & Required<Pick<T, Keys>>;

/** The photograph an inquiry is about, as the Studio shows it ("portfolio/b2i6", its page). */
export type InquiryPhoto = Written<NonNullable<Inquiry["photo"]>, "reference" | "url"> & {
  _type: "inquiryPhoto";
  /** The photograph itself, when it is still in its document. */
  image?: { _type: "image"; asset: { _type: "reference"; _ref: string } };
};

/** The e-mail to the owner, once sent. */
export type InquiryMail = Written<NonNullable<Inquiry["mail"]>, "to" | "sentAt" | "messageId"> & {
  _type: "inquiryMail";
};

export type InquiryDocument = Written<
  Omit<Inquiry, "_createdAt" | "_updatedAt" | "_rev" | "photo" | "mail">,
  "receivedAt" | "name" | "email" | "subject" | "message" | "status"
> & {
  photo?: InquiryPhoto;
  mail?: InquiryMail;
};

export function inquiryDocument(message: InquiryMessage, photo?: InquiryPhoto): InquiryDocument {
  return {
    _id: inquiryDocumentId(message.id),
    _type: "inquiry",
    receivedAt: message.receivedAt,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    ...(photo ? { photo } : {}),
    status: "new",
  };
}

/** Where inquiries are written: Sanity with the site's token, never through the API CDN. */
export interface InquiryStore {
  /** Creates the document unless it exists (a retried message never makes a second one). */
  create(doc: InquiryDocument): Promise<void>;
  /** The document as stored now, or undefined. */
  get(id: string): Promise<InquiryDocument | undefined>;
  /** Records the sent e-mail on the document. */
  recordMail(id: string, mail: InquiryMail): Promise<void>;
}

export function sanityInquiryStore(settings: Config): InquiryStore {
  const client = editorClient(settings, "Inquiries");
  return {
    async create(doc) {
      await client.createIfNotExists(doc);
    },
    async get(id) {
      return (await client.getDocument<InquiryDocument>(inquiryDocumentId(id))) ?? undefined;
    },
    async recordMail(id, mail) {
      await client.patch(inquiryDocumentId(id)).set({ mail }).commit();
    },
  };
}
