// Pages are read-only (worker/middleware/read-only-methods/), through the whole worker.
import { describe, expect, it } from "vitest";
import { request } from "./harness.ts";

describe("read-only methods", () => {
  it("answers HEAD like GET without a body", async () => {
    const res = await request("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.body).toBe("");
  });

  it("rejects methods other than GET and HEAD with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await request("/portfolio", { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
    }
    const options = await request("/", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("the contact page says it takes POST too, and refuses the rest", async () => {
    const options = await request("/contact", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST");
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await request("/contact", { method, body: "name=x" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
    }
    expect((await request("/contact")).status).toBe(200);
  });

  it("a form's own address read says what it takes: 405 with Allow, not a page not found", async () => {
    for (const [path, allow] of [
      ["/cart/add", "POST"],
      ["/cart/checkout", "POST"],
      ["/book/portrait/hold", "POST"],
      ["/_app/hooks/sanity", "POST"],
    ] as const) {
      for (const method of ["GET", "HEAD"]) {
        const res = await request(path, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      }
    }
    // An address of no route at all is still the site's not-found page.
    expect((await request("/cart/nothing-here")).status).toBe(404);
  });
});
