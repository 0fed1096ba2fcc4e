import type { Subject } from "../../shared/inquiries.ts";

/**
 * What an inquiry is about, in the owner's words (the e-mail), the Studio's titles for them;
 * visitors read the catalogue's (`contact.subject.*`), and the browser neither.
 */
export const SUBJECT_LABELS: Readonly<Record<Subject, string>> = {
  general: "A general question",
  print: "Buying a print",
  licence: "Licensing a photograph",
  commission: "A commission",
};
