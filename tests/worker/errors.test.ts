import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOT_UA, captureLogs, request, textOf } from "./harness.ts";

describe("unmatched paths", () => {
  it.each(["/a/b/c", "/post", "/post/a/b"])(
    "%s is a non-fatal 404 inside the layout",
    async (path) => {
      const res = await request(path);
      expect(res.status).toBe(404);
      const html = res.body;
      expect(textOf(html, "main")).toContain(`Page not found: ${path}`);
      expect(html).toMatch(/<header[\s>]/);
      expect(html).toMatch(/<nav[\s>]/);
      expect(html).toMatch(/<footer[\s>]/);
    },
  );

  it("echoes the query string in the message, what the site reads of it", async () => {
    const res = await request("/a/b/c?x=1&q=one&tag=two");
    expect(textOf(res.body, "main")).toContain("Page not found: /a/b/c?q=one&amp;tag=two");
  });
});

describe("validity checks", () => {
  it.each([
    "/Contact",
    "/under_score",
    "/double--dash",
    "/-leading",
    "/trailing-",
    `/${"a".repeat(97)}`,
    "/post/Not-Valid",
    "/post/caf%C3%A9",
  ])("%s fails the slug check with a fatal 404", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(textOf(res.body, "main")).toContain(`Page Not Found: ${path}`);
  });

  it("answers a well-formed slug without a document with the same fatal 404", async () => {
    const path = `/${"a".repeat(96)}`;
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(textOf(res.body, "main")).toContain(`Page Not Found: ${path}`);
  });
});

describe("error views", () => {
  it("shows code, status message and description, and differs for 404 and 500", async () => {
    const notFound = textOf((await request("/a/b/c")).body, "main") ?? "";
    expect(notFound).toContain("404");
    expect(notFound).toContain("Page Not Found");

    // The 500 view: worker/render/error-page.test.ts, with a route that throws.
    expect(notFound).toContain("This frame is empty");
  });
});

describe("a refused request", () => {
  it("names its own status, and is no internal error in the page or the log", async () => {
    const logs = captureLogs();
    // A client gallery's form posted from another site: Hono's csrf() refuses it.
    const res = await request("/g/aaaaaaaaaaaaaaaaaaaaaaaaaa/favourites", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "photo=x",
    });
    expect(res.status).toBe(403);
    const main = textOf(res.body, "main") ?? "";
    expect(main).toContain("Error 403");
    expect(main).toContain("Forbidden");
    expect(main).not.toContain("Internal Server Error");
    expect(logs.lines("error")).toEqual([]);
  });
});

describe("the one address of a page", () => {
  it("sends another spelling of a post's path to the path its page names as canonical", async () => {
    const res = await request("/post/autumn-in-the-basque-mountain%73");
    expect(res.status).toBe(301);
    const location = new URL(res.headers.get("Location") ?? "");
    expect(location.pathname).toBe("/post/autumn-in-the-basque-mountains");
    const page = await request(location.href);
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '<link rel="canonical" href="http://localhost/post/autumn-in-the-basque-mountains"/>',
    );
  });
});

describe("bots", () => {
  it("get the status and a minimal body on errors, and a log line", async () => {
    const logs = captureLogs();
    const res = await request("/a/b/c?q=1", { userAgent: BOT_UA });
    expect(res.status).toBe(404);
    expect(res.body).toBe("404 Page Not Found");
    const logged = logs.text("warn");
    expect(logged).toContain("Page not found: /a/b/c");
    expect(logged).toContain('"path":"/a/b/c"');
  });

  it("never find a query string in the log: it can carry a download's signature", async () => {
    const logs = captureLogs();
    const secret = "sig=s3cr3t-d0wnl0ad-s1gnature";
    for (const userAgent of [BOT_UA, undefined]) {
      await request(`/a/b/c?${secret}`, userAgent ? { userAgent } : {});
      await request(`/Not_A_Slug?${secret}`, userAgent ? { userAgent } : {});
    }
    expect(logs.text()).not.toContain(secret);
  });

  it("never name the request by an id the visitor chose, in the log or on the page", async () => {
    const logs = captureLogs();
    const chosen = "the-id-of-someone-elses-request";
    for (const [path, userAgent] of [
      ["/a/b/c", BOT_UA],
      ["/", undefined],
    ] as const) {
      const res = await request(path, { headers: { "X-Request-Id": chosen }, userAgent });
      expect(res.headers.get("X-Request-Id"), path).toBeNull();
      expect(res.body, path).not.toContain(chosen);
    }
    expect(logs.text("warn")).toMatch(/"requestId":"[0-9a-f-]{36}"/);
    expect(logs.text()).not.toContain(chosen);
  });

  it("get normal pages", async () => {
    const res = await request("/", { userAgent: BOT_UA });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<main[\s>]/);
  });
});

describe("escaping what a visitor sent", () => {
  it("escapes a script payload in a 404 path", async () => {
    const res = await request("/a/<script>alert(1)</script>/x");
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toContain("<script>alert");
  });

  it("escapes a script payload in the query string", async () => {
    const res = await request('/a/b?q="><script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toMatch(/<img src=x/i);
  });

  it("cuts very long echoed paths", async () => {
    const res = await request(`/a/${"x".repeat(5000)}`);
    expect(res.status).toBe(404);
    const main = textOf(res.body, "main") ?? "";
    expect(main).toContain("…");
    expect(main.length).toBeLessThan(1000);
  });
});

describe("a missing content configuration", () => {
  const unconfigured = { ...env, SANITY_PROJECT_ID: "", SANITY_API_HOST: "" };

  it("tells a developer on their own machine what to set and which command gives the demo", async () => {
    captureLogs();
    const res = await request("/", { env: unconfigured });
    expect(res.status).toBe(500);
    expect(textOf(res.body, "h2")).toBe("The site has no content source yet");
    expect(res.body).toContain("SANITY_PROJECT_ID");
    expect(res.body).toContain("npm run dev");
    expect(res.body).toContain(".dev.vars");
  });

  it("keeps the plain 500 page and the log line on a deployed site", async () => {
    const logs = captureLogs();
    const res = await request("https://photos.example/", {
      env: { ...unconfigured, ENVIRONMENT: "production" },
    });
    expect(res.status).toBe(500);
    expect(res.body).toContain("Something went wrong on our side");
    expect(res.body).not.toContain("SANITY_PROJECT_ID");
    expect(res.body).not.toContain("npm run dev");
    expect(logs.text("error")).toContain("SANITY_PROJECT_ID is not set");
  });
});
