import { defineField, defineType } from "sanity";
import { STORE_SETTINGS_ID } from "../singletons/store-settings";

/**
 * One print of a client gallery's price list: a print product of the Store, by its id, at the
 * gallery's own price when one is given (worker/galleries/settings.ts reads it, and
 * worker/store/catalogue.ts prices it).
 */
export const galleryPrint = defineType({
  name: "galleryPrint",
  title: "Print",
  type: "object",
  fields: [
    defineField({
      name: "product",
      title: "Print",
      description: "The id of one of the Store's prints, e.g. fine-art-8x10.",
      type: "string",
      validation: (rule) =>
        rule.required().custom(async (id: string | undefined, context) => {
          if (id === undefined) return true;
          const ids = await context
            .getClient({ apiVersion: "2025-02-19" })
            .fetch<string[] | null>(`*[_id == $store][0].prints[].id`, {
              store: STORE_SETTINGS_ID,
            });
          return ids?.includes(id) ? true : "Not one of the Store's prints";
        }),
    }),
    defineField({
      name: "price",
      title: "Price for this gallery",
      description: "Empty: the Store's price.",
      type: "number",
      validation: (rule) => rule.min(0.5).max(100_000).precision(2),
    }),
  ],
  preview: {
    select: { title: "product", price: "price" },
    prepare: ({ title, price }) => ({
      title,
      subtitle: price === undefined ? "The Store's price" : String(price),
    }),
  },
});
