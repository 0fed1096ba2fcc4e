import { defineArrayMember, defineField, defineType } from "sanity";
import { localDay } from "../local-day";

/**
 * An order from the site's store (docs/store.md): the owner's copy of the record the site keeps
 * in its database, written by the site at `order.{id}` (an id on a sub-path, which Sanity never
 * shows without a token). Everything the site wrote is read-only here; the owner sets only
 * "Shipped" and its tracking link, for the prints they make themselves.
 */
export const ORDER_STATUSES = [
  { title: "Paid", value: "paid" },
  { title: "Waiting for a bank transfer", value: "awaiting_payment" },
  { title: "Refunded", value: "refunded" },
  {
    title: "Disputed by the buyer's bank: answer in Stripe before its deadline",
    value: "disputed",
  },
  { title: "Dispute lost: the bank gave the buyer the money back", value: "dispute_lost" },
  {
    title:
      "Refund failed: the buyer's bank refused it and the money is back with you; refund them another way",
    value: "refund_failed",
  },
];

export const FULFILMENT_STATES = [
  { title: "Nothing to ship (licences only)", value: "none" },
  { title: "At the lab", value: "lab" },
  { title: "Waiting for you to print and ship", value: "owner" },
  { title: "Could not be handed to the lab: see the error", value: "parked" },
  { title: "Shipped", value: "shipped" },
  {
    title: "Cancelled at the lab (after a refund, or by the lab: see the error)",
    value: "cancelled",
  },
];

export const order = defineType({
  name: "order",
  title: "Order",
  type: "document",
  // "Shipped" and the tracking link change straight away: they are the owner's own notes.
  liveEdit: true,
  fields: [
    defineField({
      name: "shipped",
      title: "Shipped",
      description: "Yours to set once you have sent the prints you make yourself.",
      type: "boolean",
      initialValue: false,
    }),
    defineField({
      name: "trackingUrl",
      title: "Tracking link",
      description: "The carrier's tracking page, shown to the buyer on their order page.",
      type: "url",
    }),
    defineField({ name: "reference", title: "Order", type: "string", readOnly: true }),
    defineField({
      name: "status",
      title: "Payment",
      type: "string",
      options: { list: ORDER_STATUSES },
      readOnly: true,
    }),
    defineField({
      name: "fulfilment",
      title: "Fulfilment",
      type: "string",
      options: { list: FULFILMENT_STATES },
      readOnly: true,
    }),
    defineField({
      name: "fulfilmentError",
      title: "What went wrong",
      type: "text",
      rows: 3,
      readOnly: true,
    }),
    defineField({ name: "labOrder", title: "The lab's order", type: "string", readOnly: true }),
    defineField({
      name: "labTrackingUrl",
      title: "The lab's tracking link",
      description: "Given by the lab when it ships the prints.",
      type: "url",
      readOnly: true,
    }),
    defineField({ name: "paidAt", title: "Paid", type: "datetime", readOnly: true }),
    defineField({ name: "name", title: "Buyer", type: "string", readOnly: true }),
    defineField({ name: "email", title: "E-mail", type: "string", readOnly: true }),
    defineField({
      name: "shippingAddress",
      title: "Ship to",
      type: "text",
      rows: 5,
      readOnly: true,
    }),
    defineField({
      name: "shipping",
      title: "Shipping paid for",
      description: "Send your own prints this way (the lab is asked for it with its prints).",
      type: "string",
      readOnly: true,
    }),
    defineField({
      name: "items",
      title: "Items",
      type: "array",
      readOnly: true,
      of: [
        defineArrayMember({
          type: "object",
          name: "orderItem",
          fields: [
            defineField({ name: "photograph", title: "Photograph", type: "string" }),
            defineField({
              name: "gallery",
              title: "From the client gallery",
              description: "A client's print from their gallery: the photograph is its file name.",
              type: "reference",
              to: [{ type: "clientGallery" }],
              weak: true,
            }),
            defineField({ name: "url", title: "Its page", type: "url" }),
            defineField({ name: "product", title: "Product", type: "string" }),
            defineField({ name: "quantity", title: "Quantity", type: "number" }),
            defineField({ name: "amount", title: "Amount", type: "string" }),
            defineField({ name: "fulfilment", title: "Made by", type: "string" }),
          ],
          preview: { select: { title: "product", subtitle: "photograph" } },
        }),
      ],
    }),
    defineField({ name: "total", title: "Total", type: "string", readOnly: true }),
    defineField({
      name: "orderPage",
      title: "The buyer's order page",
      type: "url",
      readOnly: true,
    }),
  ],
  orderings: [
    { title: "Newest first", name: "paidAtDesc", by: [{ field: "paidAt", direction: "desc" }] },
  ],
  preview: {
    select: {
      reference: "reference",
      name: "name",
      total: "total",
      fulfilment: "fulfilment",
      paidAt: "paidAt",
    },
    prepare: ({
      reference,
      name,
      total,
      fulfilment,
      paidAt,
    }: Record<string, string | undefined>) => ({
      title: `${reference ?? "Order"} · ${name ?? ""}`,
      subtitle: [
        FULFILMENT_STATES.find((state) => state.value === fulfilment)?.title,
        total,
        paidAt && localDay(paidAt),
      ]
        .filter(Boolean)
        .join(" · "),
    }),
  },
});
