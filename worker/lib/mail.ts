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

/** Whatever a mail reader may start a new line at. */
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/;

/**
 * Text someone typed, as lines of one of the site's e-mails, each quoted (`> `): however it is
 * written, it cannot pass for the e-mail's own lines (a footer, a link to the Studio).
 */
export const quoted = (text: string): string[] => text.split(LINE_BREAK).map((line) => `> ${line}`);

/**
 * The mailbox an e-mail address reaches, for limits per recipient: in lower case, without a
 * "+tag" (Gmail, Outlook, iCloud, Fastmail and most others deliver `name+tag@` to `name@`) and,
 * at Gmail, without dots, which it ignores. Not an address to send to: a server where "+" is
 * part of a name is rare, and there the limit only counts two people as one.
 *
 * @example
 * ```ts
 * import { mailboxOf } from "./mail.ts";
 *
 * mailboxOf("Ann.Lee+shop@GoogleMail.com"); // "annlee@gmail.com"
 * mailboxOf("ann+x@example.org"); // "ann@example.org"
 * ```
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const name = lower.slice(0, at).split("+")[0] || lower.slice(0, at);
  const domain = lower.slice(at + 1) === "googlemail.com" ? "gmail.com" : lower.slice(at + 1);
  return `${domain === "gmail.com" ? name.replaceAll(".", "") : name}@${domain}`;
}
