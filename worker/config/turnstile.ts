import { setVar, type Vars } from "./vars.ts";

/** Where Turnstile's script and frame come from (the Content-Security-Policy allows it when on). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** Turnstile's widget script, which the contact form loads when the check is on. */
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;

/** Turnstile's keys: the site key is public (in the page); the secret verifies answers. */
export interface TurnstileKeys {
  siteKey: string;
  secretKey: string;
}

/**
 * Cloudflare Turnstile's keys for the contact form: both set turn the check on. With only one
 * of them, it stays off.
 */
export function turnstileKeys(
  env: Pick<Vars, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">,
): TurnstileKeys | undefined {
  const siteKey = setVar(env, "TURNSTILE_SITE_KEY");
  const secretKey = setVar(env, "TURNSTILE_SECRET_KEY");
  return siteKey && secretKey ? { siteKey, secretKey } : undefined;
}
