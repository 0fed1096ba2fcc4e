import { defineArrayMember, defineField, defineType } from "sanity";
import { translationsOf } from "../fields/translations";
import { isInternalPath } from "../objects/nav-item";
import { SHIPPING_COUNTRIES } from "../shipping-countries";

/** The one store document has this id; the site reads it by id, not by type. */
export const STORE_SETTINGS_ID = "storeSettings";

/** What Stripe takes as a currency: three lowercase letters naming an ISO 4217 currency. */
export const isCurrency = (value: string) =>
  /^[a-z]{3}$/.test(value) && Intl.supportedValuesOf("currency").includes(value.toUpperCase());
/** A lab option's name, as Prodigi writes them (color, wrap, mountColor). */
const LAB_ATTRIBUTE = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
/** A product's own id, kept in carts and orders: lowercase letters, digits and dashes. */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const productId = defineField({
  name: "id",
  title: "Id",
  description:
    "A short name of your own (lowercase letters, digits, dashes), kept in carts and orders: change it and carts holding the old one lose the item.",
  type: "string",
  validation: (rule) =>
    rule
      .required()
      .max(40)
      .custom((id: string | undefined) =>
        id === undefined || PRODUCT_ID.test(id) ? true : "Lowercase letters, digits and dashes",
      ),
});

const price = defineField({
  name: "price",
  title: "Price",
  description: "In the store's currency, with its decimals (45 or 45.50).",
  type: "number",
  validation: (rule) => rule.required().min(0.5).max(100_000).precision(2),
});

/** A print product: one size on one paper, printed by a lab or by you. */
export const printProduct = defineType({
  name: "printProduct",
  title: "Print product",
  type: "object",
  fields: [
    productId,
    defineField({
      name: "name",
      title: "Name",
      description: 'What the buyer sees, e.g. "Fine art print, 8×10 in".',
      type: "string",
      validation: (rule) => rule.required().max(80),
    }),
    translationsOf({ name: "name", title: "Name", type: "string" }),
    defineField({
      name: "widthInches",
      title: "Width (inches)",
      type: "number",
      validation: (rule) => rule.required().positive().max(120),
    }),
    defineField({
      name: "heightInches",
      title: "Height (inches)",
      description:
        "A size is offered only for photographs with at least 150 pixels per inch at it, after your crop.",
      type: "number",
      validation: (rule) => rule.required().positive().max(120),
    }),
    defineField({ name: "paper", title: "Paper or finish", type: "string" }),
    translationsOf({ name: "paper", title: "Paper or finish", type: "string" }),
    price,
    defineField({
      name: "fulfilment",
      title: "Printed by",
      type: "string",
      options: {
        list: [
          { title: "The lab (Prodigi)", value: "lab" },
          { title: "Me", value: "owner" },
        ],
        layout: "radio",
        direction: "horizontal",
      },
      initialValue: "lab",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "labSku",
      title: "Lab product code",
      description: "The lab's SKU for this size and paper, e.g. GLOBAL-FAP-8X10.",
      type: "string",
      hidden: ({ parent }) =>
        (parent as { fulfilment?: string } | undefined)?.fulfilment === "owner",
      validation: (rule) =>
        rule.custom((sku: string | undefined, context) => {
          const parent = context.parent as { fulfilment?: string } | undefined;
          return parent?.fulfilment === "owner" || (sku && /^[A-Za-z0-9-]{1,60}$/.test(sku))
            ? true
            : "The lab needs its product code";
        }),
    }),
    defineField({
      name: "labAttributes",
      title: "Lab product options",
      description:
        "What the lab asks for this product besides its code, as Prodigi names them: a frame's color (black, white…), a canvas's wrap. Products without options need none.",
      type: "array",
      hidden: ({ parent }) =>
        (parent as { fulfilment?: string } | undefined)?.fulfilment === "owner",
      of: [
        defineArrayMember({
          type: "object",
          name: "labAttribute",
          fields: [
            defineField({
              name: "name",
              title: "Option",
              description: "e.g. color",
              type: "string",
              validation: (rule) =>
                rule.required().regex(LAB_ATTRIBUTE, { name: "an option's name" }),
            }),
            defineField({
              name: "value",
              title: "Value",
              description: "e.g. black",
              type: "string",
              validation: (rule) => rule.required().max(60),
            }),
          ],
          preview: { select: { title: "name", subtitle: "value" } },
        }),
      ],
      validation: (rule) => rule.max(10),
    }),
  ],
  preview: { select: { title: "name", subtitle: "id" } },
});

/** A discount's share, or its amount when no share is set (a code's, a cart reminder's). */
const percentOff = defineField({
  name: "percentOff",
  title: "Takes off (%)",
  type: "number",
  validation: (rule) => rule.min(1).max(90).integer(),
});

const amountOff = defineField({
  name: "amountOff",
  title: "…or takes off (an amount)",
  description: "In the store's currency; used when no share is set.",
  type: "number",
  validation: (rule) => rule.min(0.5).max(10_000).precision(2),
});

/** A discount code the owner makes: a share or an amount off, until a date, a number of times. */
export const storeOffer = defineType({
  name: "storeOffer",
  title: "Discount code",
  type: "object",
  fields: [
    defineField({
      name: "code",
      title: "Code",
      description: "What buyers type: capital letters and digits, e.g. SPRING15.",
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .custom((code: string | undefined) =>
            code === undefined || /^[A-Z0-9]{3,30}$/.test(code)
              ? true
              : "3 to 30 capital letters and digits",
          ),
    }),
    { ...percentOff, title: "Takes off (%)" },
    amountOff,
    defineField({ name: "endsAt", title: "Ends", type: "datetime" }),
    defineField({
      name: "limit",
      title: "Uses at most",
      description: "Empty: as often as buyers like until it ends.",
      type: "number",
      validation: (rule) => rule.min(1).max(100_000).integer(),
    }),
    defineField({
      name: "products",
      title: "Only for",
      description:
        "Product ids of your prints and licences (e.g. fine-art-8x10). Empty: everything. A cart with anything else is told the code does not cover it.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
    }),
    defineField({ name: "active", title: "On", type: "boolean", initialValue: true }),
  ],
  validation: (rule) =>
    rule.custom((offer: { percentOff?: number; amountOff?: number } | undefined) =>
      offer && !offer.percentOff && !offer.amountOff ? "A share or an amount off" : true,
    ),
  preview: { select: { title: "code", subtitle: "percentOff" } },
});

/** A licence type: what the buyer may do with the file, its price and the file's size. */
export const licenceType = defineType({
  name: "licenceType",
  title: "Licence type",
  type: "object",
  fields: [
    productId,
    defineField({
      name: "name",
      title: "Name",
      description: 'E.g. "Personal", "Editorial", "Commercial".',
      type: "string",
      validation: (rule) => rule.required().max(80),
    }),
    translationsOf({ name: "name", title: "Name", type: "string" }),
    defineField({ name: "summary", title: "In a sentence", type: "string" }),
    translationsOf({ name: "summary", title: "In a sentence", type: "string" }),
    price,
    defineField({
      name: "termsUrl",
      title: "Terms",
      description:
        "The page with the licence's terms: a page of this site (/licence-personal) or a web address.",
      type: "string",
      validation: (rule) =>
        rule.required().custom((value: string | undefined) => {
          if (value === undefined) return true;
          if (isInternalPath(value)) return true;
          try {
            const url = new URL(value);
            return url.protocol === "https:" || url.protocol === "http:" ? true : "A web address";
          } catch {
            return 'A path starting with "/" or a web address';
          }
        }),
    }),
    defineField({
      name: "longEdge",
      title: "Delivered size (pixels, long edge)",
      description: "The file is delivered at this size, or at the photograph's own when smaller.",
      type: "number",
      validation: (rule) => rule.required().integer().min(200).max(20_000),
    }),
  ],
  preview: { select: { title: "name", subtitle: "id" } },
});

/** A shipping rate offered at checkout for prints. */
export const shippingRate = defineType({
  name: "shippingRate",
  title: "Shipping rate",
  type: "object",
  fields: [
    {
      ...productId,
      description: `${productId.description} The lab ships a rate whose id is budget, standard, express or overnight by that method; any other by standard.`,
    },
    defineField({
      name: "name",
      title: "Name",
      type: "string",
      validation: (rule) => rule.required().max(60),
    }),
    translationsOf({ name: "name", title: "Name", type: "string" }),
    defineField({
      ...price,
      validation: (rule) => rule.required().min(0).max(10_000).precision(2),
    }),
    defineField({
      name: "minDays",
      title: "Delivered in at least (business days)",
      type: "number",
      validation: (rule) => rule.integer().min(1).max(90),
    }),
    defineField({
      name: "maxDays",
      title: "At most (business days)",
      type: "number",
      validation: (rule) => rule.integer().min(1).max(90),
    }),
  ],
  preview: { select: { title: "name", subtitle: "id" } },
});

/**
 * The store (docs/store.md): what is sold, at what price, shipped where. Nothing is for sale
 * until the site has its Stripe keys; then every photograph is, unless this document says
 * "nothing by default" or the photograph itself says "not for sale".
 */
export const storeSettings = defineType({
  name: "storeSettings",
  title: "Store",
  type: "document",
  fields: [
    defineField({
      name: "forSale",
      title: "For sale",
      description:
        'Which photographs are offered: every one (each can say "not for sale"), or none (each can say "for sale").',
      type: "string",
      options: {
        list: [
          { title: "Everything, by default", value: "all" },
          { title: "Nothing, by default", value: "none" },
        ],
        layout: "radio",
      },
      initialValue: "all",
    }),
    defineField({
      name: "currency",
      title: "Currency",
      description: "Three letters, as Stripe names it: eur, usd, gbp…",
      type: "string",
      initialValue: "eur",
      validation: (rule) =>
        rule
          .required()
          .custom((value: string | undefined) =>
            value === undefined || isCurrency(value)
              ? true
              : "Three lowercase letters naming a currency (eur, usd, gbp…)",
          ),
    }),
    defineField({
      name: "tax",
      title: "Stripe Tax",
      description:
        "Stripe works out and adds the tax at checkout (turn Stripe Tax on in Stripe first).",
      type: "boolean",
      initialValue: false,
    }),
    defineField({
      name: "withdrawn",
      title: "A photograph withdrawn while it is being paid for",
      type: "string",
      options: {
        list: [
          { title: "Refund the buyer", value: "refund" },
          { title: "Keep the order waiting for me", value: "wait" },
        ],
        layout: "radio",
      },
      initialValue: "refund",
    }),
    defineField({
      name: "prints",
      title: "Prints",
      type: "array",
      of: [defineArrayMember({ type: "printProduct" })],
    }),
    defineField({
      name: "licences",
      title: "Licences",
      type: "array",
      of: [defineArrayMember({ type: "licenceType" })],
      // A discount code's "Only for" names products by id alone: one id for a print and a
      // licence would make it cover both.
      validation: (rule) =>
        rule.custom((licences: { id?: string }[] | undefined, context) => {
          const prints = (context.document?.prints ?? []) as { id?: string }[];
          const printIds = new Set(prints.map((print) => print.id));
          const shared = (licences ?? []).flatMap(({ id }) => (id && printIds.has(id) ? [id] : []));
          return shared.length === 0
            ? true
            : `A print has the id ${shared.join(", ")} too: give each product an id of its own`;
        }),
    }),
    defineField({
      name: "shippingRates",
      title: "Shipping rates",
      description:
        "Offered at checkout when the order has a print; the first is chosen until the buyer picks another.",
      type: "array",
      of: [defineArrayMember({ type: "shippingRate" })],
    }),
    defineField({
      name: "shippingCountries",
      title: "Shipping to",
      description: "Countries prints are sent to, as two capital letters (DE, FR, US…).",
      type: "array",
      of: [
        defineArrayMember({
          type: "string",
          validation: (rule) =>
            rule.custom((value: string | undefined) =>
              value === undefined || SHIPPING_COUNTRIES.has(value)
                ? true
                : "Not a country code Stripe ships to: two capital letters of ISO 3166 (the United Kingdom is GB)",
            ),
        }),
      ],
      options: { layout: "tags" },
    }),
    defineField({
      name: "offers",
      title: "Discount codes",
      description:
        "Codes your buyers type on the cart page. Stripe takes each off at checkout and counts its uses, so none is used past its limit or its end, even by two buyers at once.",
      type: "array",
      of: [defineArrayMember({ type: "storeOffer" })],
    }),
    defineField({
      name: "cartReminder",
      title: "Cart left behind",
      description:
        "One e-mail to a buyer who asked for it at checkout and did not pay, with their cart and, if you like, a code of their own that ends. Sent between 9:00 and 20:00 on their clock; every such e-mail has a one-click unsubscribe.",
      type: "object",
      options: { collapsible: true },
      fields: [
        defineField({ name: "enabled", title: "Send it", type: "boolean", initialValue: false }),
        defineField({
          name: "delayHours",
          title: "Hours after they left",
          type: "number",
          initialValue: 24,
          validation: (rule) => rule.min(0).max(168).integer(),
        }),
        {
          ...percentOff,
          title: "Their code takes off (%)",
          description: "Leave empty, and the amount below too, for no code.",
        },
        amountOff,
        defineField({
          name: "offerHours",
          title: "Their code lasts (hours)",
          type: "number",
          initialValue: 24,
          validation: (rule) => rule.min(1).max(720).integer(),
        }),
        defineField({
          name: "message",
          title: "Your words",
          description: "Said before their cart; a friendly default in their language if empty.",
          type: "text",
          rows: 3,
          validation: (rule) => rule.max(1000),
        }),
        translationsOf({ name: "message", title: "Your words", type: "text" }),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: "Store" }) },
});
