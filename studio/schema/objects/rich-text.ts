import { defineArrayMember, defineType } from "sanity";
import { photoFields, photoOptions } from "../fields/photo";

/**
 * A paragraph of text with headings, quotes and links. Links may be relative ("/contact"), so
 * the owner can link to pages of the site without spelling out its address.
 */
export const textBlock = defineArrayMember({
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
            title: "Address",
            description: 'A page of this site ("/contact") or a full address ("https://…").',
            type: "url",
            validation: (rule) =>
              rule.uri({ allowRelative: true, scheme: ["http", "https", "mailto"] }),
          },
        ],
      },
    ],
  },
});

/** Text alone (headings, quotes, links): the home page's introduction. */
export const introText = defineType({
  name: "introText",
  title: "Text",
  type: "array",
  of: [textBlock],
});

/** The body of pages and posts: text blocks, single photographs and galleries. */
export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    textBlock,
    defineArrayMember({ type: "image", options: photoOptions, fields: photoFields }),
    defineArrayMember({ type: "gallery" }),
  ],
});
