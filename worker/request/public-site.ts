/**
 * What the gateway hands the cached entrypoint (worker/index.ts's PublicSite): the origin a
 * public page was asked on, part of its cache key, as canonical URLs name it.
 */
export interface PublicSiteProps {
  origin: string;
}

/**
 * The public site as Workers Cache serves it (the PublicSite entrypoint, through `ctx.exports`),
 * or undefined where there is none (a test's environment of its own).
 */
export function publicSite(
  ctx: { exports?: ExecutionContext["exports"] },
  props: PublicSiteProps,
): Fetcher | undefined {
  const entrypoint = ctx.exports?.PublicSite;
  return typeof entrypoint === "function" ? entrypoint({ props }) : undefined;
}
