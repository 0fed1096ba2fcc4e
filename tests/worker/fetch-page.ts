import { exports } from "cloudflare:workers";

/** A desktop Chrome user agent: isbot() treats unknown agents (curl, fetch) as bots. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Requests a path from the worker under test, as a browser unless told otherwise. */
export function fetchPage(path: string, init: RequestInit & { userAgent?: string } = {}) {
  const { userAgent = BROWSER_UA, headers, ...rest } = init;
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      redirect: "manual",
      ...rest,
      headers: { "User-Agent": userAgent, ...headers },
    }),
  );
}

/** The text of the first element matching a tag, for assertions on what a visitor reads. */
export function textOf(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
