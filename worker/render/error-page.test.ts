import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../../tests/worker/logs.ts";
import { configure } from "../config/middleware.ts";
import type { AppEnv } from "../request/app-env.ts";
import { handleError } from "./error-page.tsx";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The error page alone: a route that throws, and handleError as the app's error handler. */
function appThatThrows(error: Error) {
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(requestId());
  app.get("/boom", () => {
    throw error;
  });
  app.onError(handleError);
  return app;
}

const mainOf = (html: string) => /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "";

describe("the error page", () => {
  it("shows a 500 with a generic message, and keeps the exception in the log", async () => {
    const logs = captureLogs();
    const app = appThatThrows(new Error("db password=hunter2"));
    const res = await app.request("/boom", { headers: { "User-Agent": BROWSER } }, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(mainOf(html)).toContain("500");
    expect(mainOf(html)).toContain("Internal Server Error");
    expect(mainOf(html)).not.toContain("This frame is empty");
    // The exception's message and stack stay in the log, out of the page.
    expect(html).not.toContain("hunter2");
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    const logged = logs.text("error");
    expect(logged).toContain("db password=hunter2");
    expect(logged).toContain('"path":"/boom"');
    expect(logged).toMatch(/"requestId":"[^"]+"/);
  });

  it("answers a bot with the status line only, and both with Vary: User-Agent", async () => {
    captureLogs();
    const app = appThatThrows(new Error("broken"));
    const bot = await app.request("/boom", { headers: { "User-Agent": BOT } }, env);
    expect(bot.status).toBe(500);
    expect(await bot.text()).toBe("500 Internal Server Error");
    const person = await app.request("/boom", { headers: { "User-Agent": BROWSER } }, env);
    for (const res of [bot, person]) expect(res.headers.get("Vary")).toContain("User-Agent");
  });

  it("answers a form's script, which asked for JSON, with its error in JSON and nothing of the exception", async () => {
    captureLogs();
    const app = appThatThrows(new Error("db password=hunter2"));
    const res = await app.request(
      "/boom",
      { headers: { "User-Agent": BROWSER, Accept: "application/json" } },
      env,
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const answer = (await res.json()) as { error?: unknown };
    expect(answer.error).toEqual(expect.stringMatching(/\w/));
    expect(JSON.stringify(answer)).not.toContain("hunter2");
  });
});
