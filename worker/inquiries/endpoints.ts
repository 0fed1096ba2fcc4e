import type { Handler } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { issueStamp } from "./stamp.ts";

/** Every answer is new (a stamp of this moment): `Vary: *` says no cache may answer for it. */
const NEVER_CACHED = {
  "Cache-Control": "private, no-store",
  Vary: "*",
  "X-Robots-Tag": "noindex",
};

/**
 * `GET /_app/inquiries/stamp`, what the contact form's script asks the worker for: `{"stamp":
 * "…"}`, a signed "form opened now" for the minimum fill time (see stamp.ts), never cached; 503
 * when the site has no Sanity token (then it cannot take inquiries either).
 */
export const stampEndpoint: Handler<AppEnv> = async (c) => {
  const stamp = await issueStamp(c.var.config.sanityToken);
  if (!stamp) return c.json({ error: "The contact form is not set up" }, 503, NEVER_CACHED);
  return c.json({ stamp }, 200, NEVER_CACHED);
};
