import { defineArrayMember, defineType } from "@sanity/types";
import { photoFields, photoOptions } from "./photo.ts";

/** The body of pages and posts: text blocks, single images and galleries (SPEC §6a). */
export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Normal", value: "normal" },
        { title: "Heading 2", value: "h2" },
        { title: "Heading 3", value: "h3" },
        { title: "Quote", value: "blockquote" },
      ],
      marks: {
        annotations: [
          {
            name: "link",
            type: "object",
            title: "Link",
            fields: [
              {
                name: "href",
                type: "url",
                validation: (rule) =>
                  rule.uri({ allowRelative: true, scheme: ["http", "https", "mailto"] }),
              },
            ],
          },
        ],
      },
    }),
    defineArrayMember({ type: "image", options: photoOptions, fields: photoFields }),
    defineArrayMember({ type: "gallery" }),
  ],
});
