/**
 * Which Sanity a command-line tool writes to, found the way the site finds its content:
 *
 * - Sanity: SANITY_PROJECT_ID (and SANITY_DATASET, SANITY_API_VERSION, SANITY_API_HOST) and
 *   SANITY_TOKEN (a token that may write: role Editor), from the environment or `.dev.vars`, the
 *   environment winning, exactly as `npm start` reads them;
 * - otherwise the demo of a running `npm start`, through the session file it writes
 *   (.wrangler/demo-session.json, as `npm run demo:publish` finds it), with the token made up
 *   for that run.
 *
 * The token never comes from the command line (where other users of the machine can read it)
 * and is never part of a message.
 */
import { createClient, type SanityClient } from "@sanity/client";
import { type DemoSession, readDemoSession } from "../../scripts/demo-session.ts";
import { resolveVars, type SiteVars, usesDemoContent } from "../../scripts/site-server.ts";
import { ConfigError, loadConfig } from "../../worker/config/config.ts";

export interface SanityTarget {
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** A custom API origin (the demo service); unset for Sanity's own. */
  apiHost: string | undefined;
  token: string;
  /** The running demo's site and webhook secret, when the target is that demo. */
  demo: { site: string; webhookSecret: string } | undefined;
  /** For messages: where the changes go. */
  description: string;
}

/** A setting is missing or wrong: the message says which and what to do. */
export class TargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetError";
  }
}

export interface TargetSources {
  /** The settings from the environment and `.dev.vars`. Default: what `npm start` reads. */
  vars?: SiteVars;
  /** The running demo's session. Default: .wrangler/demo-session.json. */
  session?: () => DemoSession;
}

export function findSanityTarget(sources: TargetSources = {}): SanityTarget {
  const vars = sources.vars ?? resolveVars({});
  if (usesDemoContent(vars)) {
    let session: DemoSession;
    try {
      session = (sources.session ?? readDemoSession)();
    } catch {
      throw new TargetError(
        "No Sanity project is configured and no demo is running.\n" +
          "  Start the demo with `npm start` (in another terminal), or set SANITY_PROJECT_ID and\n" +
          "  SANITY_TOKEN (a token with the Editor role) in .dev.vars or the environment.",
      );
    }
    return {
      projectId: "demo",
      dataset: "production",
      apiVersion: "2025-02-19",
      apiHost: session.content,
      token: session.token,
      demo: { site: session.site, webhookSecret: session.webhookSecret },
      description: `the demo of \`npm start\` (${session.site})`,
    };
  }
  const config = loadConfig(vars).content;
  if (config instanceof ConfigError) throw new TargetError(config.message);
  if (!config.token) {
    throw new TargetError(
      "SANITY_TOKEN is not set: importing needs a token that may write (role Editor).\n" +
        "  Create one at sanity.io/manage → API → Tokens and put SANITY_TOKEN=… in .dev.vars or\n" +
        "  the environment (never on the command line).",
    );
  }
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    apiHost: config.apiHost,
    token: config.token,
    demo: undefined,
    description: `Sanity project ${config.projectId}, dataset ${config.dataset}${config.apiHost ? ` at ${config.apiHost}` : ""}`,
  };
}

/**
 * A client for the target that reads every document as stored (drafts included: the raw
 * perspective) and never the API CDN, since a writer must see its own writes.
 */
export function sanityClientFor(target: SanityTarget): SanityClient {
  return createClient({
    projectId: target.projectId,
    dataset: target.dataset,
    apiVersion: target.apiVersion,
    token: target.token,
    useCdn: false,
    perspective: "raw",
    ...(target.apiHost ? { apiHost: target.apiHost, useProjectHostname: false } : {}),
    // Queries and reads are retried on 429/502/503; uploads and mutations are not (a
    // retried mutation could apply twice), the importer's next run picks them up instead.
    maxRetries: 4,
    timeout: 120_000,
    ignoreBrowserTokenWarning: true,
  });
}
