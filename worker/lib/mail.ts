/**
 * A header of one of the site's e-mails (a sender's name, a subject) from text someone typed:
 * one line, whatever was typed (Email Service's binding takes each header as a field of its
 * own, so a line break could only spoil the header, never add one), at most `max` characters.
 */
export function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
