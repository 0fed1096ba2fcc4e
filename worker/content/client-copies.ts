/**
 * Clients in the Studio: one read-only `client` document per e-mail address, at
 * `client.{32 hex of its SHA-256}` (a sub-path: never served without a token), with the name
 * last given and a weak reference to each booking, client gallery and order the site made for
 * that address. Bookings and the store both write it, so it lives below them. Each link is
 * written under its own key, so writing it again keeps one.
 */
import type { SanityClient } from "@sanity/client";
import { sha256Hex } from "../lib/signing.ts";

export interface ClientLink {
  field: "bookings" | "galleries" | "orders";
  /** The linked document's id (`booking.…`, `clientGallery.…`, `order.…`). */
  document: string;
}

/** The client document's id for an e-mail address (case and spaces aside). */
export const clientDocumentId = async (email: string) =>
  `client.${(await sha256Hex(email.trim().toLowerCase())).slice(0, 32)}`;

/** Creates or updates the client of `email` with `links` among theirs. */
export async function linkClient(
  client: SanityClient,
  person: { name: string; email: string },
  links: readonly ClientLink[],
): Promise<void> {
  const id = await clientDocumentId(person.email);
  const fields = { name: person.name, email: person.email.trim() };
  const transaction = client
    .transaction()
    .createIfNotExists({ _id: id, _type: "client", ...fields })
    .patch(id, (patch) => patch.set(fields));
  for (const { field, document } of links) {
    // Sanity applies a patch's unset before its insert: the link's old entry, then the new one.
    const key = (await sha256Hex(document)).slice(0, 16);
    transaction.patch(id, (patch) =>
      patch
        .setIfMissing({ [field]: [] })
        .unset([`${field}[_key=="${key}"]`])
        .append(field, [{ _key: key, _type: "reference", _ref: document, _weak: true }]),
    );
  }
  await transaction.commit();
}
