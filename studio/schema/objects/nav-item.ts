import { defineField, defineType } from "sanity";
import { translationsOf } from "../fields/translations";

/**
 * Paths of this site: "/" or segments of lowercase letters, digits, dots and dashes
 * ("/contact", "/post/autumn-light"). A second slash at the start ("//example.com") would make
 * a link to another site, so segments must start with a letter or digit.
 */
const INTERNAL_PATH = /^\/(?:[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*)?$/;

export function isInternalPath(path: string): boolean {
  return INTERNAL_PATH.test(path);
}

/** An entry of the header's navigation. */
export const navItem = defineType({
  name: "navItem",
  title: "Navigation item",
  type: "object",
  fields: [
    defineField({
      name: "label",
      title: "Label",
      type: "string",
      validation: (rule) => rule.required(),
    }),
    translationsOf({ name: "label", title: "Label", type: "string" }),
    defineField({
      name: "path",
      title: "Path",
      description: 'A page of this site, starting with "/": "/", "/contact", "/post/my-story".',
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .custom((path: string | undefined) =>
            path === undefined || isInternalPath(path)
              ? true
              : 'Use a path of this site that starts with "/", such as /contact or /post/my-story',
          ),
    }),
  ],
  preview: { select: { title: "label", subtitle: "path" } },
});
