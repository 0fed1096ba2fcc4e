import { createClient, type SanityClient } from "@sanity/client";
import { type Config, contentSettings } from "../config/config.ts";
import type { ContentConfig } from "../config/content-config.ts";

/** One attempt may take this long before it is abandoned (the client's default is 5 minutes). */
export const ATTEMPT_TIMEOUT_MS = 3_000;

/** A client for `config`. Made per request: it costs about 18 µs, so keeping it saves nothing. */
export function sanityClient(config: ContentConfig): SanityClient {
  return createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    useCdn: config.useCdn,
    perspective: config.perspective,
    token: config.token,
    // A custom host (the demo service) answers on its own origin, not {projectId}.api.sanity.io.
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
    timeout: ATTEMPT_TIMEOUT_MS,
    // The client retries GET/HEAD and queries on 429, 502 and 503 (5 attempts in all).
    maxRetries: 4,
    ignoreBrowserTokenWarning: true,
  });
}

/**
 * The client of the site's own documents, which no visitor sees (inquiries, orders, bookings,
 * clients, a shoot's gallery): with the token, never through the API CDN. Without a token it
 * throws, naming `what` needs one.
 */
export function editorClient(settings: Config, what: string): SanityClient {
  const config = contentSettings(settings);
  if (!config.token) throw new Error(`${what} need SANITY_TOKEN (an Editor token)`);
  return sanityClient({ ...config, useCdn: false });
}
