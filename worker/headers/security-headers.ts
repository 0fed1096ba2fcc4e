import { buildInfo } from "virtual:build-info";
import type { Context } from "hono";
import { secureHeaders } from "hono/secure-headers";

const SANITY_IMAGE_CDN = "https://cdn.sanity.io";

/** The origin content images come from: Sanity's CDN, or the custom API host (the demo service). */
export function imageOrigin(env: Partial<Env>): string {
  const host = env.SANITY_API_HOST?.trim();
  if (!host) return SANITY_IMAGE_CDN;
  try {
    return new URL(host).origin;
  } catch {
    return SANITY_IMAGE_CDN;
  }
}

/**
 * Headers on every response the worker makes (pages, errors, JSON, feeds). Static assets get
 * theirs from public/_headers. Scripts run only from our origin, plus the one inline head
 * script allowed by its hash, computed at build time.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    // 'inline-speculation-rules' lets prefetch rules be inline; it does not allow inline JavaScript.
    scriptSrc: ["'self'", `'${buildInfo.headScriptHash}'`, "'inline-speculation-rules'"],
    // Inline style attributes carry per-image placeholders (LQIP, dominant colour).
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", (c: Context) => imageOrigin(c.env as Partial<Env>)],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
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
