import { defineArrayMember, defineField, defineType } from "sanity";

/**
 * A booked session (docs/booking.md): the owner's copy of the record the site keeps in its
 * database, written by the site at `booking.{id}` (a sub-path, which Sanity never shows without
 * a token) once the deposit is paid, or refunded. Everything here is the site's: read-only.
 */
export const BOOKING_STATUSES = [
  { title: "Booked: the deposit is paid", value: "booked" },
  {
    title: "Refunded: paid after the hold lapsed, for a time someone else had taken",
    value: "refunded",
  },
  { title: "Cancelled", value: "cancelled" },
];

/** Who cancels a booking: the client (refunded by the cancellation policy) or the owner (in full). */
export const CANCELLED_BY = [
  { title: "The client cancels: refund by your cancellation policy", value: "client" },
  { title: "You cancel: refund everything paid", value: "owner" },
];

/** Where a dispute of one of the booking's payments stands (Stripe's, as the site last heard). */
export const DISPUTE_STANDINGS = [
  { title: "Disputed by the client's bank: answer in Stripe before the date below", value: "open" },
  { title: "Won: the money stays yours", value: "won" },
  { title: "Lost: the bank gave the client the money back", value: "lost" },
];

const read = { readOnly: true } as const;

export const booking = defineType({
  name: "booking",
  title: "Booking",
  type: "document",
  readOnly: true,
  fields: [
    defineField({ name: "reference", title: "Booking", type: "string", ...read }),
    defineField({
      name: "status",
      title: "Status",
      type: "string",
      options: { list: BOOKING_STATUSES },
      ...read,
    }),
    defineField({ name: "session", title: "Session", type: "string", ...read }),
    defineField({ name: "start", title: "Starts", type: "datetime", ...read }),
    defineField({ name: "end", title: "Ends", type: "datetime", ...read }),
    defineField({ name: "when", title: "When, in your time zone", type: "string", ...read }),
    defineField({ name: "name", title: "Client", type: "string", ...read }),
    defineField({ name: "email", title: "E-mail", type: "string", ...read }),
    defineField({ name: "language", title: "Their language", type: "string", ...read }),
    defineField({
      name: "answers",
      title: "Their answers",
      type: "array",
      ...read,
      of: [
        defineArrayMember({
          type: "object",
          name: "bookingAnswer",
          fields: [
            defineField({ name: "question", title: "Question", type: "string" }),
            defineField({ name: "answer", title: "Answer", type: "text", rows: 2 }),
          ],
          preview: { select: { title: "answer", subtitle: "question" } },
        }),
      ],
    }),
    defineField({ name: "price", title: "Price", type: "string", ...read }),
    defineField({ name: "deposit", title: "Deposit paid", type: "string", ...read }),
    defineField({ name: "balance", title: "Left to pay", type: "string", ...read }),
    defineField({ name: "paidAt", title: "Deposit paid at", type: "datetime", ...read }),
    defineField({ name: "balancePaidAt", title: "Balance paid at", type: "datetime", ...read }),
    defineField({
      name: "cancel",
      title: "Cancellation asked",
      description: "Set by the Cancel action; the site then cancels, refunds and tells the client.",
      type: "object",
      ...read,
      fields: [
        defineField({
          name: "by",
          title: "Who cancels",
          type: "string",
          options: { list: CANCELLED_BY },
        }),
        defineField({ name: "requestedAt", title: "Asked at", type: "datetime" }),
      ],
    }),
    defineField({ name: "cancelledAt", title: "Cancelled at", type: "datetime", ...read }),
    defineField({
      name: "move",
      title: "Move asked",
      description: "Set by the Move action; the site then moves the booking and tells the client.",
      type: "object",
      ...read,
      fields: [
        defineField({ name: "to", title: "New start", type: "datetime" }),
        defineField({ name: "requestedAt", title: "Asked at", type: "datetime" }),
      ],
    }),
    defineField({ name: "moveAnswer", title: "The last move", type: "string", ...read }),
    defineField({ name: "movedAt", title: "Moved at", type: "datetime", ...read }),
    defineField({ name: "refunded", title: "Refunded", type: "string", ...read }),
    defineField({ name: "refundFailed", title: "Refund failed", type: "string", ...read }),
    defineField({
      name: "contract",
      title: "Signed contract",
      type: "object",
      ...read,
      fields: [
        defineField({ name: "signedAt", title: "Signed at", type: "datetime" }),
        defineField({ name: "signedName", title: "Name typed", type: "string" }),
        defineField({
          name: "pdfSha256",
          title: "The PDF's SHA-256",
          description: "The site serves the file only while its hash is this.",
          type: "string",
        }),
        defineField({ name: "file", title: "The PDF", type: "url" }),
      ],
    }),
    defineField({
      name: "gallery",
      title: "The shoot's gallery",
      description: "Made when the deposit was paid, in proofing: upload the photographs to it.",
      type: "reference",
      to: [{ type: "clientGallery" }],
      weak: true,
      ...read,
    }),
    defineField({
      name: "disputes",
      title: "Disputed payments",
      description:
        "A payment the client's bank disputed. Answer each open one in Stripe's dashboard, with the signed contract, before its date; the booking stands until you cancel it.",
      type: "array",
      ...read,
      of: [
        defineArrayMember({
          type: "object",
          name: "bookingDispute",
          fields: [
            defineField({ name: "payment", title: "Payment", type: "string" }),
            defineField({ name: "amount", title: "Amount", type: "string" }),
            defineField({
              name: "standing",
              title: "Where it stands",
              type: "string",
              options: { list: DISPUTE_STANDINGS },
            }),
            defineField({ name: "answerBy", title: "Answer in Stripe by", type: "datetime" }),
          ],
          preview: { select: { title: "payment", subtitle: "standing" } },
        }),
      ],
    }),
    defineField({
      name: "bookingPage",
      title: "The client's booking page",
      type: "url",
      ...read,
    }),
  ],
  orderings: [
    { title: "Soonest first", name: "startAsc", by: [{ field: "start", direction: "asc" }] },
  ],
  preview: {
    select: {
      name: "name",
      session: "session",
      when: "when",
      status: "status",
      disputes: "disputes",
    },
    prepare: ({
      name,
      session,
      when,
      status,
      disputes = [],
    }: Record<string, string | undefined> & { disputes?: { standing?: string }[] }) => ({
      title: `${name ?? "Booking"} · ${session ?? ""}`,
      subtitle: [
        when,
        status === "refunded" ? "refunded" : undefined,
        disputes.some((each) => each.standing === "open") ? "disputed" : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
    }),
  },
});
