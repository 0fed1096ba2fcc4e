import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../request/app-env.ts";
import { noindex } from "./index.ts";

describe("noindex", () => {
  const app = new Hono<AppEnv>();
  app.use("/utility/*", noindex);
  app.get("/utility/page", (c) => c.text("a utility page"));
  app.get("/utility/indexable", (c) => c.text("says otherwise", 200, { "X-Robots-Tag": "all" }));
  app.get("/utility/missing", (c) => c.text("not here", 404));
  app.get("/utility/broken", () => {
    throw new Error("broken");
  });
  app.get("/public", (c) => c.text("a public page"));
  app.onError((_, c) => c.text("error page", 500));

  it("keeps an answer out of search results", async () => {
    const res = await app.request("/utility/page");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(await res.text()).toBe("a utility page");
  });

  it("has the last word over the handler's own X-Robots-Tag", async () => {
    const res = await app.request("/utility/indexable");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("marks error answers too: a not-found and an error page made from a thrown error", async () => {
    const missing = await app.request("/utility/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Robots-Tag")).toBe("noindex");
    const broken = await app.request("/utility/broken");
    expect(broken.status).toBe(500);
    expect(broken.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("touches no route it is not mounted on", async () => {
    const res = await app.request("/public");
    expect(res.headers.get("X-Robots-Tag")).toBeNull();
  });
});
