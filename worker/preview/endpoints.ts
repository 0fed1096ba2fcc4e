import { validatePreviewUrl } from "@sanity/preview-url-secret";
import { Hono } from "hono";
import { ConfigError, contentSettings } from "../config/config.ts";
import { sanityClient } from "../content/sanity-client.ts";
import { errorText, log } from "../lib/log.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import type { AppEnv } from "../request/app-env.ts";
import { endPreviewCookie, previewCookie } from "./cookie.ts";

/**
 * Draft preview on and off. The Studio's Presentation tool opens `/_app/preview/enable` with
 * a one-time secret it has just stored in the dataset; the secret is checked against the
 * dataset with the token (@sanity/preview-url-secret), and only then is the preview cookie
 * set; when Sanity cannot be asked, a 503 says to try again. `/_app/preview/disable` ends preview (the banner's "Exit preview"). Every answer is
 * private and unindexed.
 */
export const preview = new Hono<AppEnv>();

const noStore = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

preview.get("/enable", async (c) => {
  let client: ReturnType<typeof sanityClient>;
  try {
    client = sanityClient(contentSettings(c.var.config, true));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.warn(`Draft preview refused: ${error.message}`, { requestId: c.get("requestId") });
    return c.text("403 Forbidden: draft preview is not set up on this site\n", 403, noStore);
  }
  let checked: Awaited<ReturnType<typeof validatePreviewUrl>>;
  try {
    checked = await validatePreviewUrl(client, c.req.url);
  } catch (error) {
    // Sanity not reached in time (the secret lives only there): say so, and when to try again.
    log.warn("Draft preview not checked: Sanity did not answer", {
      requestId: c.get("requestId"),
      error: errorText(error),
    });
    return c.text(
      "503 Service Unavailable: the preview secret could not be checked with Sanity; try again\n",
      503,
      { ...noStore, "Retry-After": "5" },
    );
  }
  const { isValid, redirectTo } = checked;
  if (!isValid) {
    log.warn("Draft preview refused: invalid or expired secret", { requestId: c.get("requestId") });
    return c.text("401 Unauthorized: invalid or expired preview secret\n", 401, noStore);
  }
  return c.body(null, 303, {
    ...noStore,
    Location: redirectTarget(redirectTo, new URL(c.req.url).origin),
    "Set-Cookie": await previewCookie(c.var.config.sanityToken),
  });
});

preview.get("/disable", (c) =>
  c.body(null, 303, {
    ...noStore,
    Location: redirectTarget(c.req.query("redirect"), new URL(c.req.url).origin),
    "Set-Cookie": endPreviewCookie(),
  }),
);
