import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { isSlug } from "../../../shared/slug.ts";
import { PageError } from "../../errors/page-error.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { validParams } from "./index.ts";

describe("validParams", () => {
  const app = new Hono<AppEnv>();
  const digits = (value: string) => /^[0-9]+$/.test(value);
  app.get("/post/:slug/page/:page", validParams({ slug: isSlug, page: digits }), (c) => {
    const { slug, page } = c.req.valid("param");
    return c.text(`${slug} ${page}`);
  });
  app.onError((error, c) =>
    error instanceof PageError
      ? c.text(`${error.fatal ? "fatal" : "in layout"}: ${error.message}`, error.status)
      : c.text("unexpected", 500),
  );

  it("hands the handler the parameters that pass every rule", async () => {
    const res = await app.request("/post/a-walk/page/2");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("a-walk 2");
  });

  it("answers a fatal not-found naming the path when any one rule fails", async () => {
    for (const path of ["/post/Not_A_Slug/page/2", "/post/a-walk/page/two"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe(`fatal: Page Not Found: ${path}`);
    }
  });
});
