/**
 * The one answer to "is this an http(s) address?": a setting, a social link, the Studio's
 * address, a custom content API host. Anything else (another scheme, a typo, a bare host name)
 * is not one, so no caller can be handed `javascript:` or a relative path by mistake.
 *
 * @example
 * ```ts
 * import { webAddress } from "./web-address.ts";
 *
 * webAddress(" https://jane.example/photos "); // URL { origin: "https://jane.example", … }
 * webAddress("jane.example"); // undefined
 * webAddress("javascript:alert(1)"); // undefined
 * ```
 */
export function webAddress(value: string | null | undefined): URL | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
}

/** Whether the scheme of a parsed address is http or https. */
export const isWebScheme = (url: URL): boolean =>
  url.protocol === "https:" || url.protocol === "http:";
