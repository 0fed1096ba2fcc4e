import { buildInfo } from "virtual:build-info";

/**
 * What the gateway hands the cached entrypoint (worker/index.ts's PublicSite), its cache key
 * with the path and query: the origin a public page was asked on, as canonical URLs name it, and
 * the build that renders it. Workers Cache does not key on the Worker's version, and a page kept
 * from an earlier deploy names hashed stylesheets and scripts that deploy took away.
 */
export interface PublicSiteProps {
  origin: string;
  build: string;
}

/**
 * The public site as Workers Cache serves it (the PublicSite entrypoint, through `ctx.exports`),
 * or undefined where there is none (a test's environment of its own).
 */
export function publicSite(
  ctx: { exports?: ExecutionContext["exports"] },
  { origin }: Pick<PublicSiteProps, "origin">,
): Fetcher | undefined {
  const entrypoint = ctx.exports?.PublicSite;
  const props: PublicSiteProps = { origin, build: buildInfo.buildId };
  return typeof entrypoint === "function" ? entrypoint({ props }) : undefined;
}
