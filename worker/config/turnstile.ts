import { setVar, type Vars } from "./vars.ts";

/** Where Turnstile's script and frame come from (the Content-Security-Policy allows it when on). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * Cloudflare Turnstile's keys for the contact form: both set turn the check on (the site key is
 * public, in the page; the secret verifies answers). With only one of them, it stays off.
 */
export function turnstileKeys(
  env: Pick<Vars, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">,
): { siteKey: string; secretKey: string } | undefined {
  const siteKey = setVar(env, "TURNSTILE_SITE_KEY");
  const secretKey = setVar(env, "TURNSTILE_SECRET_KEY");
  return siteKey && secretKey ? { siteKey, secretKey } : undefined;
}
