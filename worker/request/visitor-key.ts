/**
 * Who a rate limit counts: the visitor's network address (`CF-Connecting-IP`), an IPv4 address
 * as it is and an IPv6 one by its /64. A /64 is the least a household or a server is given, so
 * counting the whole address would let one host start afresh with each of its 2^64 addresses.
 * And how long a visitor a limit refused waits.
 */
import type { Context } from "hono";
import { keyedHex } from "../lib/signing.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * What a visitor past a rate limit waits out: every Rate Limiting binding in wrangler.toml counts
 * per minute (`period = 60`), so each refusal's `Retry-After` and its "try again in…" say so.
 */
export const LIMIT_PERIOD_SECONDS = 60;
/** The same wait, as a page's words put it ("in 60 seconds"). */
export const LIMIT_WAIT = { in: LIMIT_PERIOD_SECONDS, unit: "second" } as const;

export function visitorKey(c: Context): string {
  const address = c.req.header("CF-Connecting-IP") ?? "";
  if (!address.includes(":") || address.includes(".")) {
    // IPv4, or IPv4 written as IPv6 (`::ffff:192.0.2.1`): its own address.
    return address.split(":").at(-1) || "unknown";
  }
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The visitor's network (visitorKey) as a record may keep it: a keyed hash for `purpose`, never
 * the address (undefined without a token).
 */
export const keyedVisitor = (c: Context<AppEnv>, purpose: string): Promise<string | undefined> =>
  keyedHex(c.var.config.sanityToken, purpose, visitorKey(c));
