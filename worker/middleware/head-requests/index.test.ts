import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { headRequests } from "./index.ts";

describe("headRequests", () => {
  /** A body that counts how far it was read, and says whether it was cancelled. */
  function trackedStream() {
    const state = { pulls: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        state.pulls += 1;
        controller.enqueue(new TextEncoder().encode("<p>part</p>"));
        if (state.pulls >= 1000) controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return { stream, state };
  }

  it("cancels the body a HEAD leaves unread, and keeps status and headers", async () => {
    const tracked = trackedStream();
    const app = new Hono();
    app.use(headRequests);
    app.get("/page", (c) =>
      c.body(tracked.stream, 200, { "Content-Type": "text/html; charset=utf-8", "X-Page": "1" }),
    );
    const res = await app.request("/page", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("X-Page")).toBe("1");
    expect(res.body).toBeNull();
    expect(tracked.state.cancelled).toBe(true);
    expect(tracked.state.pulls).toBeLessThan(1000);
  });

  it("leaves a GET's body alone", async () => {
    const tracked = trackedStream();
    const app = new Hono();
    app.use(headRequests);
    app.get("/page", (c) => c.body(tracked.stream));
    const res = await app.request("/page");
    expect((await res.text()).length).toBe("<p>part</p>".length * 1000);
    expect(tracked.state.cancelled).toBe(false);
  });

  it("keeps error statuses of HEAD answers", async () => {
    const app = new Hono();
    app.use(headRequests);
    app.get("/missing", (c) => c.text("not here", 404));
    const res = await app.request("/missing", { method: "HEAD" });
    expect(res.status).toBe(404);
    expect(res.body).toBeNull();
  });
});
