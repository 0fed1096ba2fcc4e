import { buildInfo } from "virtual:build-info";
import type { Context } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { checkoutOrigin, storeIsOn, TURNSTILE_ORIGIN } from "../../config/config.ts";
import type { AppEnv } from "../../request/app-env.ts";

/** Cloudflare Turnstile's origin where the owner turned it on for the contact form, else nothing. */
const turnstile = (c: Context<AppEnv>) => (c.var.config.turnstile ? TURNSTILE_ORIGIN : "");

/** The pages whose forms go on to Stripe: the cart, and a held booking time (its deposit). */
const PAYING_PAGE = /^\/(?:cart|book\/held\/[0-9a-f-]{36})$/;

/**
 * The cart page's checkout form and a held booking time's deposit form post to the site, which
 * answers with a redirect to Stripe's hosted checkout page: form-action governs that redirect
 * too, so those pages allow Stripe's checkout origin (the stand-in's on a developer's machine).
 * No other page does.
 */
const checkout = (c: Context<AppEnv>) => {
  const keys = c.var.config.store;
  return PAYING_PAGE.test(c.req.path) && storeIsOn(keys) ? checkoutOrigin(keys) : "";
};

/**
 * Headers on every response the worker makes (pages, errors, JSON, feeds). Static assets get
 * theirs from public/_headers. Scripts run only from our origin, plus the one inline head
 * script allowed by its hash, computed at build time. Only draft preview may be framed, and
 * only by the Studio; images come only from the site and the image CDN.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import { previewMode } from "../../preview/index.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { securityHeaders } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure, previewMode); // before it: frame-ancestors depends on c.get("framedByStudio")
 * app.use(securityHeaders);
 * app.get("/", (c) => c.html("<p>a page</p>"));
 * // GET / → Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-…' …;
 * //         frame-ancestors 'none'; … Strict-Transport-Security, X-Content-Type-Options, …
 * ```
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", `'${buildInfo.headScriptHash}'`, turnstile],
    // Inline style attributes carry per-image placeholders (LQIP, dominant colour).
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", (c: Context<AppEnv>) => c.var.config.imageOrigin],
    connectSrc: ["'self'", turnstile],
    // Turnstile's widget is a frame of its own (only when it is on).
    frameSrc: ["'self'", turnstile],
    fontSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", checkout],
    // Only draft preview and its switches may be framed, and only by the Studio (Presentation).
    frameAncestors: [
      (c: Context<AppEnv>) => (c.get("framedByStudio") ? c.var.config.studioOrigin : "'none'"),
    ],
  },
  strictTransportSecurity: "max-age=63072000; includeSubDomains",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginOpenerPolicy: "same-origin",
  crossOriginResourcePolicy: "same-origin",
  xFrameOptions: "DENY",
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
    browsingTopics: [],
  },
});
