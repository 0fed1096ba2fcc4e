import { setVar, type Vars } from "./vars.ts";

/**
 * The site's public origin from `SITE_URL` ("https://photos.example.com"), or undefined when
 * it is not set (or not an http(s) address): pages then name whatever host they were asked on.
 */
export function siteUrlOrigin(env: Pick<Vars, "SITE_URL">): string | undefined {
  const value = setVar(env, "SITE_URL");
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin pages, feeds and social cards name: `SITE_URL` when the owner set it (so the
 * `*.workers.dev` copy never calls itself canonical), otherwise the origin the visitor asked.
 */
export const siteOrigin = (env: Pick<Vars, "SITE_URL">, requestUrl: string): string =>
  siteUrlOrigin(env) ?? new URL(requestUrl).origin;
