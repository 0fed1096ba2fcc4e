import { defineArrayMember, defineField, defineType } from "sanity";
import { slugField, titleField } from "../fields/title-and-slug";
import { translationsOf } from "../fields/translations";

const minutes = (name: string, title: string, description?: string) =>
  defineField({
    name,
    title,
    description,
    type: "number",
    initialValue: 0,
    validation: (rule) =>
      rule
        .required()
        .min(0)
        .max(24 * 60)
        .integer(),
  });

/** A question the client answers when they book this kind of session. */
const question = defineArrayMember({
  type: "object",
  name: "bookingQuestion",
  fields: [
    defineField({
      name: "id",
      title: "Id",
      description:
        "A short name of your own (lowercase letters, digits, dashes), kept with answers.",
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
          .max(40),
    }),
    defineField({
      name: "label",
      title: "Question",
      type: "string",
      validation: (rule) => rule.required().max(200),
    }),
    translationsOf({ name: "label", title: "Question", type: "string" }),
    defineField({
      name: "kind",
      title: "Answered with",
      type: "string",
      options: {
        list: [
          { title: "Text", value: "text" },
          { title: "A choice", value: "choice" },
          { title: "A date", value: "date" },
          { title: "Yes or no", value: "yesno" },
        ],
        layout: "radio",
        direction: "horizontal",
      },
      initialValue: "text",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "choices",
      title: "Choices",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      hidden: ({ parent }) => (parent as { kind?: string } | undefined)?.kind !== "choice",
      validation: (rule) =>
        rule.custom((choices: string[] | undefined, context) =>
          (context.parent as { kind?: string } | undefined)?.kind !== "choice" || choices?.length
            ? true
            : "A question answered with a choice needs its choices",
        ),
    }),
    defineField({ name: "required", title: "Required", type: "boolean", initialValue: false }),
  ],
});

/** The facts a contract's template may name, in braces; the worker fills the same. */
export const CONTRACT_FACTS = [
  "client",
  "email",
  "session",
  "date",
  "place",
  "price",
  "deposit",
  "balance",
  "photographer",
  "licence",
] as const;

const unknownFacts = (template: string | undefined) =>
  [...(template ?? "").matchAll(/\{([a-z]+)\}/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => !(CONTRACT_FACTS as readonly string[]).includes(name));

const contractTemplate = (text: string | undefined) => {
  const unknown = unknownFacts(text);
  return unknown.length === 0
    ? true
    : `Not a fact the site fills in: ${unknown.map((name) => `{${name}}`).join(", ")}`;
};

/**
 * A kind of session a client books on `/book` (docs/booking.md): how long it lasts and keeps
 * the owner, what it costs and the deposit that books it, where it is, and what the client is
 * asked.
 */
export const sessionType = defineType({
  name: "sessionType",
  title: "Session type",
  type: "document",
  fields: [
    titleField,
    translationsOf({ name: "title", title: "Title", type: "string" }),
    slugField,
    defineField({
      name: "description",
      title: "Description",
      type: "text",
      rows: 3,
      validation: (rule) => rule.max(600),
    }),
    translationsOf({ name: "description", title: "Description", type: "text" }),
    defineField({
      name: "durationMinutes",
      title: "Duration (minutes)",
      type: "number",
      validation: (rule) =>
        rule
          .required()
          .min(15)
          .max(24 * 60)
          .integer(),
    }),
    minutes("bufferBeforeMinutes", "Buffer before (minutes)", "Travel and setting up: kept free."),
    minutes("bufferAfterMinutes", "Buffer after (minutes)"),
    defineField({
      name: "price",
      title: "Price",
      description: "In the store's currency, with its decimals.",
      type: "number",
      validation: (rule) => rule.required().min(0.5).max(1_000_000).precision(2),
    }),
    defineField({
      name: "deposit",
      title: "Deposit",
      description:
        "Paid when booking, in the store's currency (at least the least Stripe takes in it: 0.50 in most, ¥50, HUF 175, 3 kr); the rest before the shoot. Or give it as a share of the price below.",
      type: "number",
      validation: (rule) =>
        rule
          .min(0.5)
          .precision(2)
          .custom((deposit: number | undefined, context) => {
            const { price, depositPercent } = (context.document ?? {}) as {
              price?: number;
              depositPercent?: number;
            };
            if (deposit === undefined) {
              return depositPercent === undefined ? "An amount, or a share of the price" : true;
            }
            return price === undefined || deposit <= price ? true : "No more than the price";
          }),
    }),
    defineField({
      name: "depositPercent",
      title: "Deposit as a share of the price (%)",
      description:
        "Set, the deposit is this share of the price (to the cent), whatever the amount above says.",
      type: "number",
      validation: (rule) => rule.min(1).max(100).integer(),
    }),
    defineField({
      name: "instalments",
      title: "Payment plan",
      description:
        "The balance (the price less the deposit) in so many payments, due evenly until a week before the shoot; 1: one payment. Each has its invoice, and the client is reminded of each on its day. Fewer where a payment would come to less than the least Stripe takes in the currency (0.50 in most, ¥50).",
      type: "number",
      initialValue: 1,
      validation: (rule) => rule.min(1).max(4).integer(),
    }),
    defineField({ name: "location", title: "Where", type: "string" }),
    translationsOf({ name: "location", title: "Where", type: "string" }),
    defineField({
      name: "contract",
      title: "Contract",
      description: `What the client reads and signs before paying the deposit; paragraphs apart by an empty line. Facts in braces are filled in: ${CONTRACT_FACTS.map((name) => `{${name}}`).join(" ")}. {licence} names the Store's licence chosen below, with its terms, as delivered files carry it. Empty: nothing to sign.`,
      type: "text",
      rows: 16,
      validation: (rule) => rule.max(20_000).custom(contractTemplate),
    }),
    translationsOf({ name: "contract", title: "Contract", type: "text" }),
    defineField({
      name: "licence",
      title: "Licence of the photographs",
      description:
        "The id of one of the Store's licences: the contract's {licence} names it and its terms.",
      type: "string",
      validation: (rule) => rule.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    }),
    defineField({
      name: "questionnaire",
      title: "Questions for the client",
      type: "array",
      of: [question],
      validation: (rule) =>
        rule.max(20).custom((questions: { id?: string }[] | undefined) => {
          const ids = (questions ?? []).map((each) => each.id).filter(Boolean);
          // Each answer is sent under its question's id: two alike would read as one.
          return new Set(ids).size === ids.length ? true : "Each question needs an id of its own";
        }),
    }),
  ],
  preview: { select: { title: "title", subtitle: "slug.current" } },
});
