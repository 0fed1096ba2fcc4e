const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * Escapes a value for XML text or a quoted attribute (feeds, the sitemap, a licence's XMP).
 * Characters XML 1.0 forbids (control characters other than tab, newline and carriage return,
 * U+FFFE and U+FFFF) are dropped, so content can never make a feed or a packet ill-formed.
 */
export function escapeXml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  return (
    String(value)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char)
  );
}
