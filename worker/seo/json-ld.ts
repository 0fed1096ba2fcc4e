/**
 * Structured data as the text of a `<script type="application/ld+json">`. JSON alone is not
 * safe there: a string holding `</script>` would end the element and let the rest be parsed as
 * HTML. Escaping `<` (and `>`, `&`, and the JavaScript line separators, which some parsers
 * choke on) as \u-sequences keeps the JSON identical to a JSON parser and inert to HTML.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
