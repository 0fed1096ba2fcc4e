import { defineField } from "sanity";

/**
 * Whether a photograph is for sale, against the store's default (the Store document's "For
 * sale"): the owner's per-photograph override. Empty follows the default.
 */
export const FOR_SALE_CHOICES = [
  { title: "As the store's default", value: "default" },
  { title: "For sale", value: "yes" },
  { title: "Not for sale", value: "no" },
];

export const forSaleField = defineField({
  name: "forSale",
  title: "For sale",
  description:
    "Whether prints and licences of this photograph are offered (when the store is set up).",
  type: "string",
  options: { list: FOR_SALE_CHOICES, layout: "radio", direction: "horizontal" },
  initialValue: "default",
});
