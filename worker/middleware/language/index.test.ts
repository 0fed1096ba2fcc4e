import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import { splitLanguage } from "../../content/paths.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { language } from "./index.ts";

// On the demo content, whose site settings turn German on beside English, the site's own.
const app = new Hono<AppEnv>({
  getPath: (request) => splitLanguage(new URL(request.url).pathname).path,
});
app.use(configure, language);
app.get("/moved", (c) => c.redirect("/here?from=moved", 301));
app.get("/away", (c) => c.redirect("https://elsewhere.example/", 302));
app.get("*", (c) => c.text(c.var.language ?? "the site's own"));

const send = (path: string) => app.request(`http://localhost${path}`, {}, env);

describe("language", () => {
  it("puts a language the site is in on the context", async () => {
    expect(await (await send("/de/portfolio")).text()).toBe("de");
    expect(await (await send("/de")).text()).toBe("de");
    expect(await (await send("/portfolio")).text()).toBe("the site's own");
  });

  // A trailing slash ("/de/") is the canonical address's redirect, which runs before this one.
  it("sends the site's own language to the one address", async () => {
    const own = await send("/en/portfolio?page=2");
    expect(own.status).toBe(301);
    expect(own.headers.get("Location")).toBe("http://localhost/portfolio?page=2");
  });

  it("finds nothing in a language the site is not in", async () => {
    expect((await send("/fr/portfolio")).status).toBe(404);
  });

  it("keeps the page's own redirects in the language, and leaves other sites' alone", async () => {
    const moved = await send("/de/moved");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("http://localhost/de/here?from=moved");
    expect((await send("/moved")).headers.get("Location")).toBe("/here?from=moved");
    expect((await send("/de/away")).headers.get("Location")).toBe("https://elsewhere.example/");
  });
});
