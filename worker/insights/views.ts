/**
 * Page views (docs/insights.md), seen at the entrance every request passes (gateway.ts), so a
 * page Workers Cache answered counts as one the site rendered. Only a public page a person
 * asked for counts: a GET answered 200 with HTML, not a prefetch (the islands' on hover; its
 * navigation, answered from the browser's copy, is not seen: an undercount, never a count of a
 * page nobody opened), not a crawler (isbot on the user agent, and Cloudflare's verdict where the
 * plan gives one). What is kept is the day, the path and the referring site's host: nothing of
 * the visitor. The count goes to a queue after the answer (`waitUntil`); a count that fails is
 * lost, never the page.
 */
import { isbot } from "isbot";
import { errorText, log } from "../lib/log.ts";

export interface View {
  /** The UTC day, "2026-12-05". */
  day: string;
  path: string;
  /** The referring site's host, where it is another site. */
  from?: string;
}

const MAX_PATH = 300;

/**
 * A photograph's page ("/portfolio/photo/b2i1", "/de/post/a-walk/photo/k3"): its photograph is
 * the rest without "/photo" ("portfolio/b2i1"), as carts name it.
 */
export const PHOTO_PAGE =
  /^(?:\/[a-z]{2})?\/([a-z0-9-]+(?:\/[a-z0-9-]+)?)\/photo\/([A-Za-z0-9_-]{1,64})$/;

/** Cloudflare's bot verdict, on plans with Bot Management: a score from 1 (a bot) to 99. */
interface BotVerdict {
  verifiedBot?: boolean;
  score?: number;
}

/** A crawler, by its own word or Cloudflare's: no user agent at all counts as one. */
export function isCrawler(request: Request): boolean {
  const agent = request.headers.get("User-Agent") ?? "";
  if (!agent || isbot(agent)) return true;
  const verdict = (request.cf as { botManagement?: BotVerdict } | undefined)?.botManagement;
  return verdict?.verifiedBot === true || (verdict?.score !== undefined && verdict.score < 30);
}

/** A prefetch (Chromium's `Sec-Purpose`, older `Purpose`, Firefox's `X-Moz`), not a visit. */
const isPrefetch = (headers: Headers) =>
  /prefetch/i.test(
    `${headers.get("Sec-Purpose")} ${headers.get("Purpose")} ${headers.get("X-Moz")}`,
  );

/**
 * A public site's name: labels, dots and a top-level domain of letters (or IDN's `xn--`). An
 * address, a port or a one-label name is no site a visitor came from, only a forged header.
 */
const PUBLIC_HOST = /^(?:[a-z0-9-]{1,63}\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The host of the page the visitor came from, when it is another public site's. */
function referrerHost(referrer: string | null, own: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const { protocol, host } = new URL(referrer);
    return /^https?:$/.test(protocol) &&
      host !== own &&
      host.length <= 253 &&
      PUBLIC_HOST.test(host)
      ? host
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page's script fetching (the live search as the visitor types, a grid's next photographs):
 * browsers name every request that is not a navigation (`Sec-Fetch-Mode`); one that names none
 * (an older browser) is taken for a navigation.
 */
const isFetched = (headers: Headers) =>
  (headers.get("Sec-Fetch-Mode") ?? "navigate") !== "navigate";

/**
 * Whether a person asked for this: a GET (a HEAD takes nothing) they navigated to, no prefetch,
 * no crawler's.
 */
export const personAsked = (request: Request) =>
  request.method === "GET" &&
  !isPrefetch(request.headers) &&
  !isFetched(request.headers) &&
  !isCrawler(request);

/** The view a public page's answer is, if it is one a person asked for. */
export function viewOf(request: Request, response: Response, now = Date.now()): View | undefined {
  if (!personAsked(request) || response.status !== 200) return undefined;
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return undefined;
  const url = new URL(request.url);
  const from = referrerHost(request.headers.get("Referer"), url.host);
  return {
    day: new Date(now).toISOString().slice(0, 10),
    path: url.pathname.slice(0, MAX_PATH),
    ...(from ? { from } : {}),
  };
}

/** Counts a public page's answer, after it is sent; a failure loses the count only. */
export function countView(
  env: Pick<Env, "INSIGHTS">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  request: Request,
  response: Response,
): void {
  const view = viewOf(request, response);
  if (!view) return;
  ctx.waitUntil(
    env.INSIGHTS.send(view).catch((error: unknown) =>
      log.warn("A page view could not be counted", { error: errorText(error) }),
    ),
  );
}
