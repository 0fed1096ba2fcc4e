import { INVISIBLE_FORMATTING } from "../../shared/plain-text.ts";

/**
 * A header of one of the site's e-mails (a sender's name, a subject) from text someone typed:
 * one line, whatever was typed (Email Service's binding takes each header as a field of its
 * own, so a line break could only spoil the header, never add one), without the invisible
 * characters that could disguise it, at most `max` characters.
 */
export function oneLine(text: string, max: number): string {
  const line = text
    .replace(INVISIBLE_FORMATTING, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
