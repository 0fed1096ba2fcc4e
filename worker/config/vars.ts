/**
 * Every setting the worker reads from its vars (`wrangler.toml`'s `[vars]`, secrets,
 * `.dev.vars`), each with its default: the one list that the parsers in this folder, `npm start`
 * (scripts/site-server.ts) and the README follow. An empty value means unset, so wrangler.toml
 * can list every setting without repeating a default.
 */
export const VARS = {
  /**
   * "development" on a developer's machine (`npm start`, `npm run dev` and the tests set it);
   * unset in a deploy. Error pages then name a wrong setting, and requests are not redirected
   * to SITE_URL.
   */
  ENVIRONMENT: { default: "production" },
  SITE_URL: { default: "" },
  SITE_TITLE: { default: "Jane Doe Photography" },
  SITE_BRAND: { default: "Jane Doe" },
  SITE_DESCRIPTION: { default: "Capturing moments in time." },
  SITE_OWNER: { default: "Jane Doe" },
  SITE_EMAIL: { default: "jane@example.com" },
  SITE_SOCIAL_URL: { default: "https://www.instagram.com/" },
  SITE_LANGUAGE: { default: "en" },
  /** The photographs' licence (a web address); unset: none is named. */
  SITE_LICENSE_URL: { default: "" },
  /** Where a photograph is licensed (an in-site path or a web address); unset: the contact page. */
  SITE_LICENSE_PAGE: { default: "" },
  SANITY_PROJECT_ID: { default: "" },
  SANITY_DATASET: { default: "production" },
  SANITY_API_VERSION: { default: "2025-02-19" },
  SANITY_API_HOST: { default: "" },
  SANITY_TOKEN: { default: "", secret: true },
  SANITY_WEBHOOK_SECRET: { default: "", secret: true },
  SANITY_STUDIO_URL: { default: "" },
  SANITY_USE_CDN: { default: "" },
  /** No longer a setting: any value but "published" stops the site (config/content-config.ts). */
  SANITY_PERSPECTIVE: { default: "" },
  CONTENT_FRESH_SECONDS: { default: "60" },
  CONTENT_STALE_SECONDS: { default: "604800" },
  SLIDESHOW_INTERVAL_SECONDS: { default: "8" },
  /** Where the owner gets a copy of each inquiry by e-mail; unset: the Studio only. */
  CONTACT_EMAIL_TO: { default: "" },
  /** The sender of those e-mails; unset: "inquiries@" the host of SITE_URL. */
  CONTACT_EMAIL_FROM: { default: "" },
  /** Cloudflare Turnstile: both keys set turn the check on. */
  TURNSTILE_SITE_KEY: { default: "" },
  TURNSTILE_SECRET_KEY: { default: "", secret: true },
  /** Seconds before the first retry of a failed inquiry delivery step (then doubling). */
  INQUIRY_RETRY_SECONDS: { default: "30" },
  /**
   * The store (docs/store.md): Stripe's secret key and the webhook endpoint's signing secret.
   * Both set turn the store on; without them no page offers anything for sale.
   */
  STRIPE_SECRET_KEY: { default: "", secret: true },
  STRIPE_WEBHOOK_SECRET: { default: "", secret: true },
  /** Where Stripe's API is (an origin); unset: Stripe's own. `npm start` names its stand-in. */
  STRIPE_API_URL: { default: "" },
  /** The print lab Prodigi's API key; without it, lab products wait for the owner like their own. */
  PRODIGI_API_KEY: { default: "", secret: true },
  /** Prodigi's API origin: its live API by default, https://api.sandbox.prodigi.com to try it. */
  PRODIGI_API_URL: { default: "https://api.prodigi.com" },
  /** Seconds before the first retry of a failed fulfilment step (then doubling, at most an hour). */
  STORE_RETRY_SECONDS: { default: "60" },
  /**
   * The secret address of the owner's own calendar (ICS: Google's "secret address in iCal
   * format", Apple's public calendar link, Outlook's ICS link): booking never offers a time they
   * are busy in it. Unset: only the hours in the Studio count.
   */
  BOOKING_BUSY_FEED_URL: { default: "", secret: true },
  /** How many days of insights (page views, referrers) are kept; older days are deleted. */
  INSIGHTS_KEEP_DAYS: { default: "400" },
} as const satisfies Record<string, { default: string; secret?: true }>;

export type VarName = keyof typeof VARS;

/** What the settings are read from: any of the vars, each possibly missing. */
export type Vars = Partial<Record<VarName, string>>;

export const VAR_NAMES = Object.keys(VARS) as VarName[];

/** The settings that are secrets: `wrangler secret put`, never a command line or a log. */
export const SECRET_VARS = VAR_NAMES.filter((name) => "secret" in VARS[name]);

/** The value of a setting as set, trimmed, or undefined when it is unset or empty. */
export function setVar(env: Vars, name: VarName): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The value of a setting, or its default when it is unset or empty. */
export const varOrDefault = (env: Vars, name: VarName): string =>
  setVar(env, name) ?? VARS[name].default;
