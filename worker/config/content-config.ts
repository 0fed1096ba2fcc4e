/**
 * The content client's configuration, read from the worker's vars and checked
 * before first use. Each rule names its setting in the error; the token is never echoed.
 * Pure TypeScript, so `npm start` runs the same checks in Node before the worker starts.
 */
import { webAddress } from "../lib/web-address.ts";
import { setVar, type Vars, varOrDefault } from "./vars.ts";

/**
 * What the site reads: `published` for every visitor; `drafts` only in the owner's preview,
 * per request and never cached.
 */
export type Perspective = "published" | "drafts";

export interface ContentConfig {
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** A custom API origin (the demo service); requests then skip the project hostname. */
  apiHost: string | undefined;
  token: string | undefined;
  /** Sanity's API CDN: on by default without a token (as the client's own default), or when asked. */
  useCdn: boolean;
  perspective: Perspective;
  /**
   * How long a cached result is used without asking Sanity: none when the publish webhook is
   * set, so a page built after a publish (kept at the edge until the next purge, or private and
   * never kept) is built from Sanity as it is now; the kept result still stands in while Sanity
   * fails, for `staleSeconds`.
   */
  freshSeconds: number;
  staleSeconds: number;
}

/** The vars the content configuration is read from. */
export type ContentEnv = Pick<
  Vars,
  | "SANITY_PROJECT_ID"
  | "SANITY_DATASET"
  | "SANITY_API_VERSION"
  | "SANITY_API_HOST"
  | "SANITY_TOKEN"
  | "SANITY_USE_CDN"
  | "SANITY_PERSPECTIVE"
  | "CONTENT_FRESH_SECONDS"
  | "CONTENT_STALE_SECONDS"
  | "SANITY_WEBHOOK_SECRET"
>;

export class ConfigError extends Error {
  readonly setting: string;
  constructor(setting: string, problem: string) {
    super(`Invalid content configuration: ${setting} ${problem}`);
    this.name = "ConfigError";
    this.setting = setting;
  }
}

const DATASET = /^[a-z0-9_-]{1,64}$/;
const PROJECT_ID = /^[a-zA-Z0-9-]+$/;
const DATE_VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** Echoes a bad value so the owner can spot it, unless it looks like a pasted token. */
function show(value: string): string {
  if (/sk[A-Za-z0-9]{20,}/.test(value)) return "a value that looks like an API token (not shown)";
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const setting = (env: ContentEnv, name: keyof ContentEnv) => setVar(env, name);

function seconds(env: ContentEnv, name: "CONTENT_FRESH_SECONDS" | "CONTENT_STALE_SECONDS"): number {
  const value = varOrDefault(env, name);
  if (!/^\d{1,9}$/.test(value))
    throw new ConfigError(name, `must be a whole number of seconds, got ${show(value)}`);
  return Number(value);
}

/** How long a content result is fresh (`CONTENT_FRESH_SECONDS`), also how long pages live without the webhook. */
export const freshSeconds = (env: ContentEnv): number => seconds(env, "CONTENT_FRESH_SECONDS");

export function contentConfig(env: ContentEnv): ContentConfig {
  const projectId = setting(env, "SANITY_PROJECT_ID");
  if (!projectId) throw new ConfigError("SANITY_PROJECT_ID", "is not set");
  if (!PROJECT_ID.test(projectId)) {
    throw new ConfigError(
      "SANITY_PROJECT_ID",
      `may contain only letters, digits and dashes, got ${show(projectId)}`,
    );
  }

  const dataset = varOrDefault(env, "SANITY_DATASET");
  if (!DATASET.test(dataset)) {
    throw new ConfigError(
      "SANITY_DATASET",
      `may contain only lowercase letters, digits, "_" and "-" (at most 64 characters), got ${show(dataset)}`,
    );
  }

  const apiVersion = varOrDefault(env, "SANITY_API_VERSION");
  const versionOk =
    apiVersion === "1" ||
    apiVersion === "X" ||
    (DATE_VERSION.test(apiVersion) && isCalendarDate(apiVersion));
  if (!versionOk) {
    throw new ConfigError(
      "SANITY_API_VERSION",
      `must be "1", "X" or a date like 2025-02-19, got ${show(apiVersion)}`,
    );
  }

  const apiHost = setting(env, "SANITY_API_HOST");
  const apiUrl = webAddress(apiHost);
  if (apiHost !== undefined && !apiUrl) {
    throw new ConfigError(
      "SANITY_API_HOST",
      `must be an http(s) URL such as http://127.0.0.1:9999, got ${show(apiHost)}`,
    );
  }

  // Drafts for every visitor would publish them (and a token-read draft could be cached for
  // everyone): the public site reads only published content; the owner previews drafts from
  // the Studio. An old setting asking for anything else stops the site rather than leak.
  const perspective = setting(env, "SANITY_PERSPECTIVE");
  if (perspective !== undefined && perspective !== "published") {
    throw new ConfigError(
      "SANITY_PERSPECTIVE",
      `can only be "published" (drafts are shown only in the Studio's preview), got ${show(perspective)}`,
    );
  }

  const token = setting(env, "SANITY_TOKEN");
  const cdn = setting(env, "SANITY_USE_CDN");
  if (cdn !== undefined && cdn !== "true" && cdn !== "false") {
    throw new ConfigError("SANITY_USE_CDN", `must be "true" or "false", got ${show(cdn)}`);
  }
  const webhook = setting(env, "SANITY_WEBHOOK_SECRET") !== undefined;
  return {
    projectId,
    dataset,
    apiVersion,
    apiHost: apiUrl?.origin,
    token,
    // Sanity's API CDN caches authenticated requests per token, so an owner may turn it on
    // with a token; without an explicit choice it is on only for public, tokenless reads on a
    // site not told of publishes: a render just after a webhook's purge must see the publish,
    // and the API CDN may answer once more from before it (that render is kept for a day).
    useCdn: cdn === undefined ? !token && !webhook : cdn === "true",
    perspective: "published",
    freshSeconds: webhook ? 0 : freshSeconds(env),
    staleSeconds: seconds(env, "CONTENT_STALE_SECONDS"),
  };
}

/**
 * The configuration for the owner's draft preview: drafts over published documents, read with
 * the token and past Sanity's API CDN (which would answer from before the last keystroke).
 */
export function previewConfig(config: ContentConfig): ContentConfig {
  if (!config.token) throw new ConfigError("SANITY_TOKEN", "is needed to preview drafts");
  return { ...config, perspective: "drafts", useCdn: false };
}
