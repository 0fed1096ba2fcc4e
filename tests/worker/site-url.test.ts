// With SITE_URL set the site has one address: other hosts (the *.workers.dev copy) redirect to
// it, and canonical URLs, social cards and feeds name it wherever the page was rendered.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request } from "./harness.ts";

const SITE = "https://photos.example";
const withSiteUrl = { ...env, SITE_URL: SITE };
/** The same site deployed: not a developer's machine. */
const deployed = { ...withSiteUrl, ENVIRONMENT: "production" };

describe("SITE_URL", () => {
  it("redirects a page on another host to the same path and query on the site's address", async () => {
    const res = await request("https://photo-portfolio.jane.workers.dev/contact?photo=p%2Fx", {
      env: deployed,
    });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${SITE}/contact?photo=p%2Fx`);
  });

  it("answers on the site's own address, naming it as canonical", async () => {
    const res = await request(`${SITE}/contact`, { env: withSiteUrl });
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/contact"/>`);
    expect(res.body).toContain(`<meta property="og:url" content="${SITE}/contact"/>`);
  });

  it("names the site's address in feeds, even when asked locally", async () => {
    const sitemap = await request("/sitemap.xml", { env: withSiteUrl });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${SITE}/</loc>`);
    expect(sitemap.body).not.toContain("http://localhost");
    const robots = await request("/robots.txt", { env: withSiteUrl });
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("does not redirect local runs or requests that are not page views", async () => {
    expect((await request("/contact", { env: withSiteUrl })).status).toBe(200);
    const post = await request("https://photo-portfolio.jane.workers.dev/portfolio", {
      env: withSiteUrl,
      method: "POST",
      body: "x",
    });
    expect(post.status).toBe(405);
  });

  it("leaves every host canonical for itself when unset", async () => {
    const res = await request("https://photo-portfolio.jane.workers.dev/contact");
    expect(res.status).toBe(200);
    expect(res.body).toContain(
      '<link rel="canonical" href="https://photo-portfolio.jane.workers.dev/contact"/>',
    );
  });
});
