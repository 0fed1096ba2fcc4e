import { defineArrayMember, defineField, defineType } from "sanity";

/**
 * A client (docs/booking.md, "Clients"): one per e-mail address, written by the site at
 * `client.{hash}` whenever it books a session, makes a shoot's gallery or takes an order for
 * that address, with a link to each. Everything here is the site's: read-only.
 */
const links = (name: string, title: string, type: string) =>
  defineField({
    name,
    title,
    type: "array",
    of: [defineArrayMember({ type: "reference", to: [{ type }], weak: true })],
  });

export const client = defineType({
  name: "client",
  title: "Client",
  type: "document",
  readOnly: true,
  fields: [
    defineField({ name: "name", title: "Name", type: "string" }),
    defineField({ name: "email", title: "E-mail", type: "string" }),
    links("bookings", "Bookings", "booking"),
    links("galleries", "Client galleries", "clientGallery"),
    links("orders", "Orders", "order"),
  ],
  preview: { select: { title: "name", subtitle: "email" } },
});
