// Draft preview for the owner: the Studio's one-time secret turns it on with a signed cookie;
// in preview, pages show drafts with a banner, answer privately, may be framed by the Studio
// only, and nothing read or rendered is kept anywhere; everyone else sees published content.
import { createClient } from "@sanity/client";
import { createPreviewSecret } from "@sanity/preview-url-secret/create-secret";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspDirective } from "../support/security-headers.ts";
import {
  captureLogs,
  faultEnv,
  isoFromNow,
  mutableEnv,
  mutate,
  ORIGIN,
  paragraph,
  request,
  setFault,
  TEST_TOKEN,
  textOf,
} from "./harness.ts";

const STUDIO = "https://jane.sanity.studio";
const PATH = "/post/in-preview";

/** One environment for the whole file: preview and public views share its caches. */
const testEnv = mutableEnv({ SANITY_STUDIO_URL: STUDIO });

async function previewSecret(): Promise<string> {
  const client = createClient({
    projectId: "demo",
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: testEnv.SANITY_API_HOST,
    useProjectHostname: false,
    useCdn: false,
    token: TEST_TOKEN,
  });
  return (await createPreviewSecret(client, "worker tests", STUDIO)).secret;
}

const enableUrl = (secret: string, path = PATH) =>
  `/_app/preview/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(path)}`;

/** The cookie as a browser would send it back: name=value. */
const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

beforeAll(async () => {
  const post = {
    _type: "post",
    slug: { _type: "slug", current: "in-preview" },
    publishedAt: isoFromNow(-3600),
    body: [paragraph("p", "Published words.")],
  };
  await mutate(
    { createOrReplace: { ...post, _id: "post-in-preview", title: "The published title" } },
    {
      createOrReplace: {
        ...post,
        _id: "drafts.post-in-preview",
        title: "The draft title",
        body: [paragraph("p", "Words not published yet.")],
      },
    },
  );
});

afterAll(async () => {
  await mutate({ delete: { id: "post-in-preview" } }, { delete: { id: "drafts.post-in-preview" } });
});

describe("turning preview on", () => {
  it("refuses an invalid secret, setting no cookie", async () => {
    captureLogs();
    for (const secret of ["not-a-secret", ""]) {
      const res = await request(enableUrl(secret), { env: testEnv });
      expect(res.status).toBe(401);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("says to try again when Sanity cannot be asked about the secret, with no stack and no cookie", async () => {
    const logs = captureLogs();
    await setFault("500");
    const res = await request(enableUrl("anything"), {
      env: faultEnv({ SANITY_STUDIO_URL: STUDIO }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(res.body).toBe(
      "503 Service Unavailable: the preview secret could not be checked with Sanity; try again\n",
    );
    expect(logs.messages("warn")).toContain("Draft preview not checked: Sanity did not answer");
  });

  it("never writes the secret to the log, whatever Sanity's failure says", async () => {
    const logs = captureLogs();
    await setFault("502-html");
    const res = await request(enableUrl("s3cr3t-marker"), {
      env: faultEnv({ SANITY_STUDIO_URL: STUDIO }),
    });
    expect(res.status).toBe(503);
    expect(logs.messages("warn")).toContain("Draft preview not checked: Sanity did not answer");
    expect(logs.text()).not.toContain("s3cr3t-marker");
  });

  it("refuses when the site has no token to check the secret with", async () => {
    captureLogs();
    const res = await request(enableUrl("anything"), { env: { ...testEnv, SANITY_TOKEN: "" } });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("says why it refused inside the Studio's frame, which may show it", async () => {
    captureLogs();
    for (const env of [testEnv, { ...testEnv, SANITY_TOKEN: "" }]) {
      const res = await request(enableUrl("anything"), { env });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("X-Frame-Options")).toBeNull();
      expect(
        cspDirective(res.headers.get("Content-Security-Policy") ?? "", "frame-ancestors"),
      ).toBe(STUDIO);
    }
    // The rest of the private side may be framed by no one.
    const cart = await request("/cart", { env: testEnv });
    expect(cart.headers.get("X-Frame-Options")).toBe("DENY");
    expect(cspDirective(cart.headers.get("Content-Security-Policy") ?? "", "frame-ancestors")).toBe(
      "'none'",
    );
  });

  it("gives a valid secret a signed, HttpOnly, Secure, short-lived cookie and goes to the page", async () => {
    const res = await request(enableUrl(await previewSecret()), { env: testEnv });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}${PATH}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^portfolio_preview=[^;]+\.[^;]+;/);
    for (const attribute of ["HttpOnly", "Secure", "SameSite=None", "Partitioned", "Path=/"]) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).toContain("Max-Age=3600");
  });

  it("never redirects to another site", async () => {
    const res = await request(enableUrl(await previewSecret(), "//evil.example/x"), {
      env: testEnv,
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("Location") ?? "").origin).toBe(ORIGIN);
  });

  // Browsers drop tabs and newlines from a URL, so "/\t/evil.example" lands on evil.example;
  // a newline in a header value is a runtime error (a 500), not a redirect.
  it.each([
    "//evil.example/",
    "/%09/evil.example",
    "/%09%09/evil.example",
    "/%0A/evil.com",
    "/%0D%0A/evil.com",
    "/%5Cevil.example",
    "%5C%5Cevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ])("exits preview to this site only, whatever ?redirect=%s says", async (value) => {
    const exit = await request(`/_app/preview/disable?redirect=${value}`, { env: testEnv });
    expect(exit.status).toBe(303);
    expect(exit.headers.get("Location")).toBe(`${ORIGIN}/`);
  });
});

describe("in preview", () => {
  let cookie = "";
  beforeAll(async () => {
    const res = await request(enableUrl(await previewSecret()), { env: testEnv });
    cookie = cookieOf(res.headers.get("Set-Cookie"));
  });

  it("shows the draft with a banner, privately, framed only by the Studio", async () => {
    const res = await request(PATH, { env: testEnv, headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(textOf(res.body, "h1")).toBe("The draft title");
    expect(res.body).toContain("Words not published yet.");
    expect(res.body).toContain("Preview: you are seeing unpublished drafts.");
    expect(res.body).toContain(
      `href="/_app/preview/disable?redirect=${encodeURIComponent(PATH)}" target="_top"`,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toBeNull();
    expect(res.headers.get("Cache-Tag")).toBeNull();
    expect(res.headers.get("X-Frame-Options")).toBeNull();
    expect(cspDirective(res.headers.get("Content-Security-Policy") ?? "", "frame-ancestors")).toBe(
      STUDIO,
    );
  });

  it("then shows everyone else the published version, from caches that hold no draft", async () => {
    await request(PATH, { env: testEnv, headers: { Cookie: cookie } });
    for (let view = 0; view < 2; view++) {
      const res = await request(PATH, { env: testEnv });
      expect(textOf(res.body, "h1")).toBe("The published title");
      expect(res.body).not.toContain("Words not published yet.");
      expect(res.body).not.toContain("Preview:");
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(
        cspDirective(res.headers.get("Content-Security-Policy") ?? "", "frame-ancestors"),
      ).toBe("'none'");
    }
  });

  it("ignores a cookie that was tampered with or has expired", async () => {
    const [name, value = ""] = cookie.split("=");
    const forged = `${name}=${encodeURIComponent(`9999999999.${decodeURIComponent(value).split(".").slice(1).join(".")}`)}`;
    for (const attempt of [forged, `${name}=1.abc`]) {
      const res = await request(PATH, { env: testEnv, headers: { Cookie: attempt } });
      expect(textOf(res.body, "h1")).toBe("The published title");
    }
  });

  it("ends with Exit preview: the cookie is cleared and the page is public again", async () => {
    const exit = await request(`/_app/preview/disable?redirect=${encodeURIComponent(PATH)}`, {
      env: testEnv,
      headers: { Cookie: cookie },
    });
    expect(exit.status).toBe(303);
    expect(exit.headers.get("Location")).toBe(`${ORIGIN}${PATH}`);
    expect(exit.headers.get("Set-Cookie")).toContain("Max-Age=0");
  });
});
