/**
 * The gallery's forms (the password, naming the client, a favourite, sending the selection):
 * each body is read once, before anything else is done with the request, with the contact
 * form's limit (FORM_BODY_LIMIT): a larger one is refused `413` unread, before the access check
 * spends anything on it. And the `back` field, where a form post returns to, is checked before
 * anything is saved: a path of this gallery, or a clear `400`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { FORM_BODY_LIMIT, readBytes } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { PRIVATE_HEADERS } from "./access.ts";
import { galleryPaths } from "./ids.ts";

const FORM_TYPES = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

/** Reads a gallery form's body (at most FORM_BODY_LIMIT bytes) for the handlers after it. */
export const formBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next();
  const bytes = await readBytes(c.req.raw, FORM_BODY_LIMIT, c.var.config);
  if (bytes === null) {
    return c.text(
      `413 Content Too Large: a gallery's form sends at most ${FORM_BODY_LIMIT / 1024} KB\n`,
      413,
      PRIVATE_HEADERS,
    );
  }
  const type = c.req.header("Content-Type") ?? "";
  const form: Record<string, string> = {};
  if (FORM_TYPES.test(type)) {
    try {
      const data = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
      for (const [name, value] of data) if (typeof value === "string") form[name] = value;
    } catch {
      // An unreadable form is an empty one: each handler says what it missed.
    }
  }
  c.set("galleryForm", form);
  await next();
};

/** The form the request sent (read by `formBody`), its text fields alone. */
export function formOf(c: Context<AppEnv>): Record<string, string> {
  return c.get("galleryForm") ?? {};
}

/**
 * A path of this gallery a form may return to: the gallery (its query: `show`, `page` and the
 * notices) or one photograph's page, with an anchor of the grid. Nothing else: no `..`, no
 * line break, no other path or site.
 */
export function isBackPath(id: string, value: string): boolean {
  const root = galleryPaths.root(id);
  const match =
    /^(\/g\/[a-z2-7]{26})(\/p\/[0-9a-f]{32})?(\?[A-Za-z0-9=&_-]*)?(#[A-Za-z0-9_-]*)?$/.exec(value);
  return match !== null && match[1] === root;
}

/** The `back` field: undefined when absent, "bad" when it is not a path of this gallery. */
export function backField(id: string, form: Record<string, string>): string | undefined | "bad" {
  const value = form.back;
  if (value === undefined || value === "") return undefined;
  return isBackPath(id, value) ? value : "bad";
}

/** The clear answer to a `back` that is not a way back into this gallery. */
export const badBack = (c: Context<AppEnv>) =>
  c.text(
    "400 Bad Request: back must be a path of this gallery (/g/{id}, or /g/{id}/p/{photo}), with no line break\n",
    400,
    PRIVATE_HEADERS,
  );

/**
 * Where a form post goes back to: `value`, already checked by `backField`, else the gallery,
 * with `extra` (a notice) added to its query.
 */
export function backTo(id: string, value: string | undefined, extra = ""): string {
  const target = value ?? galleryPaths.root(id);
  if (!extra) return target;
  const [path = target, hash] = target.split("#");
  return `${path}${path.includes("?") ? "&" : "?"}${extra}${hash ? `#${hash}` : ""}`;
}

/** A form post's answer: `303` to `location`, private. */
export const back = (c: Context<AppEnv>, location: string, headers: Record<string, string> = {}) =>
  c.body(null, 303, { ...PRIVATE_HEADERS, ...headers, Location: location });
