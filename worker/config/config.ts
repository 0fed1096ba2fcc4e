/**
 * Everything the worker reads from its environment, read and checked once: the one typed
 * configuration that the request middleware puts on `c.var.config` and that the queue consumer
 * and the Durable Objects load for themselves. Nothing else reads `env` for a setting.
 * Pure TypeScript, so `npm start` and the command-line tools run the same checks in Node.
 */

import { webAddress } from "../lib/web-address.ts";
import { ConfigError, type ContentConfig, contentConfig, previewConfig } from "./content-config.ts";
import { type SiteDefaults, siteDefaults } from "./site-defaults.ts";
import { slideshowInterval } from "./slideshow-interval.ts";
import { type StoreKeys, type StoreOff, storeKeys } from "./store.ts";
import { type TurnstileKeys, turnstileKeys } from "./turnstile.ts";
import { setVar, VARS, type Vars, varOrDefault } from "./vars.ts";

export { ConfigError, type ContentConfig } from "./content-config.ts";
export type { Link, SiteDefaults } from "./site-defaults.ts";
export { checkoutOrigin, type StoreKeys, type StoreOff, storeIsOn } from "./store.ts";
export { TURNSTILE_ORIGIN, TURNSTILE_SCRIPT, type TurnstileKeys } from "./turnstile.ts";

export interface Config {
  /**
   * A developer's machine (`npm start`, `npm run dev`, the tests): `ENVIRONMENT=development`,
   * set by those commands and never by a deploy. Decided by configuration, not guessed from
   * the host a request names, which anyone can choose.
   */
  development: boolean;
  /** The site's public origin (SITE_URL), when the owner set one. */
  siteUrl: string | undefined;
  /** What the site says about its owner until the Studio's Site settings say otherwise. */
  site: SiteDefaults;
  /** The published content the site reads, or what is wrong with its settings. */
  content: ContentConfig | ConfigError;
  /** The owner's draft preview: drafts with the token, past every cache. */
  drafts: ContentConfig | ConfigError;
  /** Sanity's API token (a secret): writes inquiries, and keys the site's own signatures. */
  sanityToken: string | undefined;
  /** The publish webhook's secret; without one, no publish can reach the site. */
  webhookSecret: string | undefined;
  /** The one origin allowed to frame draft preview: the Studio's (SANITY_STUDIO_URL), else a local Studio. */
  studioOrigin: string;
  /** Where photographs come from: Sanity's image CDN, or the custom content host (the demo). */
  imageOrigin: string;
  /**
   * On a developer's machine with the demo content service, its stand-in for what the local
   * Images binding cannot do (cut a part of an image: lib/images.ts).
   */
  imageStandIn: string | undefined;
  /** Cloudflare Turnstile for the contact form, when both keys are set. */
  turnstile: TurnstileKeys | undefined;
  /** The owner's copy of each inquiry by e-mail: where to (unset: none) and from whom. */
  mail: { to: string | undefined; from: string | undefined };
  /** Milliseconds between the background slideshow's crossfades. */
  slideshowIntervalMs: number;
  /** Seconds before the first retry of a failed inquiry delivery (then doubling). */
  inquiryRetrySeconds: number;
  /** How long content and pages built from it stay fresh without a publish webhook; 0 when the setting is malformed. */
  freshSeconds: number;
  /** Seconds before the first retry of a failed fulfilment step (then doubling). */
  storeRetrySeconds: number;
  /** How many days of insights are kept. */
  insightsKeepDays: number;
  /** The store's Stripe and lab keys (secrets), or why the store is off. */
  store: StoreKeys | StoreOff;
}

/** Where Sanity serves images, unless SANITY_API_HOST names a host of its own (the demo). */
export const SANITY_IMAGE_CDN = "https://cdn.sanity.io";
const LOCAL_STUDIO = "http://localhost:3333";

const orError = <T>(read: () => T): T | ConfigError => {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
};

function wholeNumber(value: string, fallback: number): number {
  return /^\d{1,9}$/.test(value.trim()) ? Number(value) : fallback;
}

function readConfig(env: Vars): Config {
  const content = orError(() => contentConfig(env));
  const development = setVar(env, "ENVIRONMENT") === "development";
  const apiHost = webAddress(setVar(env, "SANITY_API_HOST"));
  return {
    development,
    siteUrl: webAddress(setVar(env, "SITE_URL"))?.origin,
    site: siteDefaults(env),
    content,
    drafts: content instanceof ConfigError ? content : orError(() => previewConfig(content)),
    sanityToken: setVar(env, "SANITY_TOKEN"),
    webhookSecret: setVar(env, "SANITY_WEBHOOK_SECRET"),
    studioOrigin: webAddress(setVar(env, "SANITY_STUDIO_URL"))?.origin ?? LOCAL_STUDIO,
    imageOrigin: apiHost?.origin ?? SANITY_IMAGE_CDN,
    imageStandIn: development && apiHost ? new URL("/_demo/images/cut", apiHost).href : undefined,
    turnstile: turnstileKeys(env),
    mail: { to: setVar(env, "CONTACT_EMAIL_TO"), from: setVar(env, "CONTACT_EMAIL_FROM") },
    slideshowIntervalMs: slideshowInterval(env),
    inquiryRetrySeconds: wholeNumber(
      varOrDefault(env, "INQUIRY_RETRY_SECONDS"),
      Number(VARS.INQUIRY_RETRY_SECONDS.default),
    ),
    freshSeconds: content instanceof ConfigError ? 0 : content.freshSeconds,
    storeRetrySeconds: wholeNumber(
      varOrDefault(env, "STORE_RETRY_SECONDS"),
      Number(VARS.STORE_RETRY_SECONDS.default),
    ),
    store: storeKeys(env),
    insightsKeepDays: wholeNumber(
      varOrDefault(env, "INSIGHTS_KEEP_DAYS"),
      Number(VARS.INSIGHTS_KEEP_DAYS.default),
    ),
  };
}

/**
 * One configuration per environment object: an isolate has one; tests make many side by side.
 * Reading one costs about 13 µs, so keeping it is not for speed: a request, the gateway before
 * it and the Durable Objects all see the same checked object.
 */
const loaded = new WeakMap<object, Config>();

/**
 * The configuration of `env`, read and checked on first use and then kept for the isolate.
 * A malformed content setting does not throw here: it is kept as the `ConfigError` that names
 * it, and thrown where content is read (`contentSettings`), so the pages that need content
 * answer with the error page while the rest of the site keeps working.
 *
 * @example
 * ```ts
 * import { env } from "cloudflare:workers";
 * import { contentSettings, loadConfig } from "./config.ts";
 *
 * const config = loadConfig(env);
 * config.site.title; // "Jane Doe Photography" unless SITE_TITLE says otherwise
 * contentSettings(config); // ContentConfig, or throws ConfigError("… SANITY_DATASET …")
 * ```
 */
export function loadConfig(env: Vars): Config {
  let config = loaded.get(env);
  if (!config) {
    config = readConfig(env);
    loaded.set(env, config);
  }
  return config;
}

/** The content settings of a read (published, or the owner's drafts); throws what is wrong with them. */
export function contentSettings(config: Config, drafts = false): ContentConfig {
  const settings = drafts ? config.drafts : config.content;
  if (settings instanceof ConfigError) throw settings;
  return settings;
}

/**
 * Where the owner's e-mails about a client gallery or a paid order go: CONTACT_EMAIL_TO, else
 * the e-mail of the Studio's Site settings (`settingsEmail`, as the owner wrote it there; never
 * SITE_EMAIL's example default), else nowhere.
 */
export const ownerMailbox = (
  config: Config,
  settingsEmail: string | null | undefined,
): string | undefined => config.mail.to ?? (settingsEmail?.trim() || undefined);

/** The sender of the site's e-mails: CONTACT_EMAIL_FROM, else `mailbox`@ the site's host. */
export function mailSender(config: Config, origin: string, mailbox = "inquiries"): string {
  return config.mail.from ?? `${mailbox}@${new URL(config.siteUrl ?? origin).hostname}`;
}
