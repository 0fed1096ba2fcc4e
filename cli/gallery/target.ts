/**
 * Which site `npm run gallery` sends to, and the token it signs with: with --remote, the
 * deployed site and SANITY_TOKEN from the environment or `.dev.vars` (the environment winning,
 * as for every command); without it, the site of a running `npm start` and the token made up
 * for that run (.wrangler/demo-session.json). The token never leaves this machine: requests
 * carry a signature made with a key derived from it (signature.ts).
 */
import { readDemoSession } from "../../scripts/demo-session.ts";
import { resolveVars } from "../../scripts/site-server.ts";
import { TargetError, type TargetSources } from "../lib/sanity-target.ts";

export interface UploadTarget {
  /** The site's origin, e.g. http://127.0.0.1:8787. */
  site: string;
  token: string;
  /** For messages: where the photographs go. */
  description: string;
  /** The running demo: its site may have stopped since. */
  demo: boolean;
}

export function findUploadTarget(
  remote: string | undefined,
  sources: TargetSources = {},
): UploadTarget {
  if (remote) {
    const token = (sources.vars ?? resolveVars({})).SANITY_TOKEN;
    if (!token) {
      throw new TargetError(
        "SANITY_TOKEN is not set: uploading to a deployed site signs with the site's Sanity token.\n" +
          "  Put SANITY_TOKEN=… (the token the site has as its secret) in .dev.vars or the\n" +
          "  environment (never on the command line).",
      );
    }
    return { site: remote, token, description: remote, demo: false };
  }
  let session: ReturnType<typeof readDemoSession>;
  try {
    session = (sources.session ?? readDemoSession)();
  } catch {
    throw new TargetError(
      "No running `npm start` found.\n" +
        "  Start the site with `npm start` (in another terminal) to fill its local gallery, or\n" +
        "  name the deployed site with --remote https://… (SANITY_TOKEN from .dev.vars).",
    );
  }
  return {
    site: session.site,
    token: session.token,
    description: `the site of \`npm start\` (${session.site})`,
    demo: true,
  };
}
