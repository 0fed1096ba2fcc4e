import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { unreadBody } from "./index.ts";

describe("unreadBody", () => {
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(unreadBody);
  app.post("/refused", (c) => c.text("401 Unauthorized", 401));
  app.post("/read", async (c) => c.text(`read ${(await c.req.text()).length}`));
  app.post("/thrown", () => {
    throw new Error("refused before reading");
  });
  app.onError((_, c) => c.text("error page", 500));

  it.each([
    ["a refusal before the handler read it", "/refused", "development"],
    ["a thrown error", "/thrown", "development"],
    ["a refusal at the edge", "/refused", "production"],
  ])("releases the body after %s", async (_, path, environment) => {
    const sent = new Request(`https://photos.example${path}`, {
      method: "POST",
      body: "a".repeat(100_000),
    });
    await app.request(sent, {}, { ENVIRONMENT: environment });
    expect(sent.bodyUsed).toBe(true);
  });

  it("leaves a body the handler read alone", async () => {
    const res = await app.request("/read", { method: "POST", body: "abc" });
    expect(await res.text()).toBe("read 3");
  });
});
