// Publish webhook deliveries as Sanity makes them, for the webhook's module test and the
// whole-worker publishing tests (both run in workerd).
import { env } from "cloudflare:workers";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";

export const WEBHOOK_SECRET = "a-webhook-secret-of-the-owner";
export const HOOK = "/_app/hooks/sanity";

/** The site's environment with the webhook's shared secret set, as the owner configures it. */
export const hookEnv = (): Env => ({ ...env, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET });

/** A published post, as the webhook's projection describes it. */
export const CHANGE = {
  _id: "post-autumn",
  _type: "post",
  slug: { current: "autumn-in-the-basque-mountains" },
  operation: "update",
};

/**
 * A delivery as Sanity makes it: the projection, signed with the shared secret (by default
 * now), or with the given signature header.
 */
export async function delivery(
  change: unknown,
  {
    secret = WEBHOOK_SECRET,
    signature,
    signedAt = Date.now(),
  }: {
    secret?: string;
    signature?: string;
    signedAt?: number;
  } = {},
) {
  const body = JSON.stringify(change);
  return {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER_NAME]: signature ?? (await encodeSignatureHeader(body, signedAt, secret)),
    },
  };
}
