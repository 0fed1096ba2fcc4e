import { defineArrayMember, defineField, defineType } from "sanity";
import { timeZoneField } from "../fields/time-zone";

/** The one booking document has this id; the site reads it by id, not by type. */
export const BOOKING_SETTINGS_ID = "bookingSettings";

/** A wall time of day, "09:00" to "23:59" (the site's rule: worker/booking/offer.ts). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const timeOfDay = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: "string",
    validation: (rule) =>
      rule
        .required()
        .custom((value: string | undefined) =>
          value === undefined || TIME.test(value) ? true : "A time such as 09:00",
        ),
  });

/**
 * When the owner takes shoots (docs/booking.md): weekly hours in their time zone, days off, how
 * soon and how far ahead, how many a day. `/book` offers only the slots these leave free.
 */
export const bookingSettings = defineType({
  name: "bookingSettings",
  title: "Booking",
  type: "document",
  fields: [
    timeZoneField({
      description:
        "Where your hours are: clients see each slot in their own zone with yours beside it.",
      required: true,
    }),
    defineField({
      name: "weeklyHours",
      title: "Weekly hours",
      description: "When a session may take place: one line per day and window (two for a break).",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "openingWindow",
          fields: [
            defineField({
              name: "weekday",
              title: "Day",
              type: "number",
              options: { list: WEEKDAYS.map((title, value) => ({ title, value })) },
              validation: (rule) => rule.required(),
            }),
            timeOfDay("from", "From", "24-hour time, e.g. 09:00 or 17:30."),
            timeOfDay(
              "to",
              "To",
              "24-hour time, e.g. 17:30; 00:00 is midnight, the end of the day.",
            ),
          ],
          // The site reads a window of one day (worker/booking/offer.ts): one that ends before
          // it starts would be left out, and with it, were it the only one, every booking.
          validation: (rule) =>
            rule.custom((value: { from?: string; to?: string } | undefined) =>
              !value?.from || !value.to || value.to === "00:00" || value.to > value.from
                ? true
                : "“To” must come after “From”: a window past midnight is two, one on each day (Friday 20:00–00:00, Saturday 00:00–02:00)",
            ),
          preview: {
            select: { weekday: "weekday", from: "from", to: "to" },
            prepare: ({ weekday, from, to }) => ({
              title: `${WEEKDAYS[weekday as number] ?? "?"} ${from ?? "?"}–${to ?? "?"}`,
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: "datesOff",
      title: "Days off",
      description: "Holidays and other days with no sessions, in your time zone.",
      type: "array",
      of: [defineArrayMember({ type: "date" })],
    }),
    defineField({
      name: "noticeHours",
      title: "Minimum notice (hours)",
      description: "No session starts sooner than this after it is booked.",
      type: "number",
      initialValue: 24,
      validation: (rule) =>
        rule
          .required()
          .min(0)
          .max(24 * 60)
          .integer(),
    }),
    defineField({
      name: "daysAhead",
      title: "How far ahead (days)",
      type: "number",
      initialValue: 60,
      validation: (rule) => rule.required().min(1).max(365).integer(),
    }),
    defineField({
      name: "perDay",
      title: "At most this many sessions a day",
      description: "Empty: no limit but your hours.",
      type: "number",
      validation: (rule) => rule.min(1).max(24).integer(),
    }),
    defineField({
      name: "stepMinutes",
      title: "Sessions start every",
      type: "number",
      options: {
        list: [
          { title: "15 minutes", value: 15 },
          { title: "30 minutes", value: 30 },
          { title: "hour", value: 60 },
        ],
        layout: "radio",
        direction: "horizontal",
      },
      initialValue: 30,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "cancellation",
      title: "Cancellation policy",
      description:
        "What a client who cancels gets back of what they paid, by how long before the shoot they cancel: e.g. 30 days or more, 100 %; 14 days or more, 50 %. Sooner than every line: nothing. When you cancel, everything is refunded.",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "cancellationRule",
          fields: [
            defineField({
              name: "daysBefore",
              title: "Cancelled at least this many days before",
              type: "number",
              validation: (rule) => rule.required().min(0).max(365).integer(),
            }),
            defineField({
              name: "refundPercent",
              title: "Refund (% of what was paid)",
              type: "number",
              validation: (rule) => rule.required().min(0).max(100).integer(),
            }),
          ],
          preview: {
            select: { days: "daysBefore", percent: "refundPercent" },
            prepare: ({ days, percent }) => ({
              title: `${days ?? "?"} days or more before: ${percent ?? "?"} % back`,
            }),
          },
        }),
      ],
    }),
    defineField({
      name: "invoiceFrom",
      title: "Invoices are from",
      description:
        "What heads each invoice: your business name, address and tax number, as your invoices must show them. Empty: your name and the site's address.",
      type: "text",
      rows: 4,
      validation: (rule) => rule.max(1000),
    }),
  ],
  preview: { prepare: () => ({ title: "Booking" }) },
});
