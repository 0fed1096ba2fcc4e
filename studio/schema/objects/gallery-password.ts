import { defineField, defineType } from "sanity";

/**
 * A client gallery's password as stored (docs/galleries.md): never the password itself, only
 * a PBKDF2-SHA-256 key derived from it with a salt of its own. The Studio's password input
 * (studio/galleries/PasswordInput.tsx) makes it in the browser and shows the password once;
 * nobody edits these fields by hand.
 */
export const galleryPassword = defineType({
  name: "galleryPassword",
  title: "Gallery password",
  type: "object",
  // The fields, not the type, are read-only: the password input's own read-only state is then
  // the document's (a viewer without rights), and it may still replace the whole object.
  fields: [
    defineField({ name: "algorithm", title: "Algorithm", type: "string", readOnly: true }),
    defineField({ name: "iterations", title: "Iterations", type: "number", readOnly: true }),
    defineField({ name: "salt", title: "Salt", type: "string", readOnly: true }),
    defineField({ name: "hash", title: "Hash", type: "string", readOnly: true }),
  ],
});
