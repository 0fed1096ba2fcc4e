import type { Context } from "hono";
import { FIELD } from "../../shared/inquiries.ts";
import { TURNSTILE_ORIGIN } from "../config/turnstile.ts";
import type { AppEnv } from "../request/app-env.ts";

/** Turnstile's server-side check of a widget's answer. */
export const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;

/** What Turnstile said: a person, not a person, or no answer (try again later). */
export type TurnstileVerdict = "passed" | "failed" | "unavailable";

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Verifies the answer the widget put in the form with Turnstile's siteverify API (an answer is
 * good once, for five minutes). Without an answer there is nothing to ask.
 */
export async function verifyTurnstile(
  secret: string,
  answer: string,
  remoteIp: string | undefined,
  fetcher: Fetch = (input, init) => fetch(input, init),
): Promise<TurnstileVerdict> {
  if (answer === "" || answer.length > 2048) return "failed";
  const body = new FormData();
  body.set("secret", secret);
  body.set("response", answer);
  if (remoteIp) body.set("remoteip", remoteIp);
  try {
    const res = await fetcher(SITEVERIFY_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return "unavailable";
    const result = (await res.json()) as { success?: unknown };
    return result.success === true ? "passed" : "failed";
  } catch {
    return "unavailable";
  }
}

/**
 * Turnstile's verdict on a form the widget was in (`TurnstileWidget`), or "off" when the owner
 * has not turned it on.
 */
export async function askTurnstile(
  c: Context<AppEnv>,
  form: { get(name: string): unknown },
  fetcher?: Fetch,
): Promise<TurnstileVerdict | "off"> {
  const turnstile = c.var.config.turnstile;
  if (!turnstile) return "off";
  const answer = form.get(FIELD.turnstile);
  return verifyTurnstile(
    turnstile.secretKey,
    typeof answer === "string" ? answer : "",
    c.req.header("CF-Connecting-IP"),
    fetcher,
  );
}
