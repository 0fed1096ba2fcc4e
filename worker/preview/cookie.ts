import { parseSigned, serializeSigned } from "hono/utils/cookie";

/**
 * Draft preview is a signed, short-lived cookie: HttpOnly (no script reads it), Secure,
 * SameSite=None and Partitioned (the Studio shows the site in an iframe on another site, where
 * only such a cookie is sent; partitioned, it lives only in that frame's context), signed so
 * it cannot be made up, and carrying its own expiry so a stolen copy soon stops working.
 */
export const PREVIEW_COOKIE = "portfolio_preview";

/** How long one preview session lasts before the Studio has to open it again. */
export const PREVIEW_SECONDS = 60 * 60;

/**
 * The signing key comes from the read token, which preview needs anyway: no extra secret to
 * manage, and rotating the token ends every preview session. The prefix keeps it distinct
 * from any other use of the token.
 */
function signingKey(token: string | undefined): string | undefined {
  return token ? `portfolio draft preview cookie\n${token}` : undefined;
}

const cookieOptions = {
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "None",
  partitioned: true,
} as const;

/** The Set-Cookie value that turns preview on until `PREVIEW_SECONDS` from now. */
export async function previewCookie(token: string | undefined, now = Date.now()): Promise<string> {
  const key = signingKey(token);
  if (!key) throw new Error("Draft preview needs SANITY_TOKEN");
  const expires = Math.floor(now / 1000) + PREVIEW_SECONDS;
  return serializeSigned(PREVIEW_COOKIE, String(expires), key, {
    ...cookieOptions,
    maxAge: PREVIEW_SECONDS,
  });
}

/** The Set-Cookie value that ends preview. */
export const endPreviewCookie = () =>
  `${PREVIEW_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=None; Partitioned`;

/** Whether the request carries a genuine, unexpired preview cookie. */
export async function inPreview(
  cookieHeader: string | null | undefined,
  token: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  const key = signingKey(token);
  if (!key || !cookieHeader?.includes(PREVIEW_COOKIE)) return false;
  const cookies = await parseSigned(cookieHeader, key, PREVIEW_COOKIE);
  const value = cookies[PREVIEW_COOKIE];
  if (!value) return false;
  const expires = Number(value);
  return Number.isInteger(expires) && expires * 1000 > now;
}
