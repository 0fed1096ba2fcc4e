// Inquiries: the contact form's POST through the real worker, the real queue (miniflare's), the
// real consumer and the demo content service, which stands in for Sanity with the test token.
// The queue's consumer is this same worker (wrangler.toml), running with the test bindings
// (vitest.worker.config.ts): CONTACT_EMAIL_TO is set there, so every delivery also mails.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import { issueStamp } from "../../worker/inquiries/stamp.ts";
import { MAX_INQUIRY_BYTES } from "../../worker/inquiries/submit.tsx";
import {
  captureLogs,
  faultEnv,
  inOneRateWindow,
  ORIGIN,
  request,
  setFault,
  TEST_TOKEN,
  textOf,
} from "./harness.ts";

interface StoredInquiry {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  receivedAt: string;
  photo?: { reference: string; url: string; title?: string; image?: { asset: { _ref: string } } };
  mail?: { to: string; messageId: string; sentAt: string };
}

let visitors = 0;
/** A visitor address of its own per call, so the per-visitor limit is each test's own. */
function newVisitor(): string {
  visitors += 1;
  return `2001:db8:1:${visitors.toString(16)}::1`;
}

const unique = () => `Hello, I would like a print. ${crypto.randomUUID()}`;

interface PostOptions {
  headers?: Record<string, string>;
  visitor?: string;
  env?: Env;
  /** Defaults: the headers of a person's browser posting the site's own form. */
  browser?: boolean;
}

/** The form as a browser sends it (multipart), to POST /contact. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const goodFields = (message = unique()) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "print",
  message,
  website: "",
  started: "",
});

function post(body: BodyInit, options: PostOptions = {}) {
  const browser: Record<string, string> =
    options.browser === false
      ? {}
      : { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-User": "?1" };
  return request("/contact", {
    method: "POST",
    body,
    ...(options.env ? { env: options.env } : {}),
    headers: {
      ...browser,
      "CF-Connecting-IP": options.visitor ?? newVisitor(),
      ...options.headers,
    },
  });
}

/** Inquiry documents in the content service, read with the token (as the Studio does). */
async function storedInquiries(
  message: string,
  host = env.SANITY_API_HOST,
): Promise<StoredInquiry[]> {
  const query = encodeURIComponent('*[_type == "inquiry" && message == $m] | order(_id)');
  const res = await fetch(
    `${host}/v2025-02-19/data/query/production?query=${query}&$m=${encodeURIComponent(JSON.stringify(message))}`,
    { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
  );
  return ((await res.json()) as { result: StoredInquiry[] }).result;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until the queue has delivered the inquiry with this message (and mailed it), then a
 * little longer, so that a second delivery would have shown.
 */
async function delivered(message: string): Promise<StoredInquiry[]> {
  const deadline = Date.now() + 10_000;
  let found: StoredInquiry[] = [];
  while (Date.now() < deadline) {
    found = await storedInquiries(message);
    if (found.length > 0 && found.every((doc) => doc.mail)) break;
    await sleep(100);
  }
  await sleep(1_500);
  return storedInquiries(message);
}

describe("the contact page", () => {
  it("shows the page's text from Sanity, then the form, the same for every visitor", async () => {
    const first = await request("/contact");
    const second = await request("/contact", { headers: { "CF-Connecting-IP": newVisitor() } });
    expect(first.status).toBe(200);
    expect(first.body).toMatch(
      /<form [^>]*action="\/contact" encType="multipart\/form-data" method="post">/,
    );
    expect(textOf(first.body, "h1")).toBe("Contact");
    // Nothing per visitor: the fill-time stamp is empty until the form's script asks for one.
    expect(first.body).toContain('name="started" value=""');
    const withoutRequest = (html: string) => html.replace(/req-[\w-]+/g, "");
    expect(withoutRequest(second.body)).toBe(withoutRequest(first.body));
    expect(first.headers.get("Cloudflare-CDN-Cache-Control")).toMatch(/^public, max-age=/);
    // Shared like any page: the site's picture on the card.
    expect(first.body).toMatch(/<meta property="og:image" content="[^"]+"/);
    // The page's text (Sanity) comes before the form.
    expect(first.body.indexOf("<form")).toBeGreaterThan(first.body.indexOf("</h1>"));
  });

  it("shows the photograph a license link names, and sends its reference", async () => {
    const res = await request("/contact?photo=portfolio/b2i6");
    expect(res.status).toBe(200);
    expect(res.body).toContain('name="photo" value="portfolio/b2i6"');
    expect(res.body).toContain('href="/portfolio/photo/b2i6"');
    expect(res.body).toMatch(/<img[^>]+src="[^"]+\/images\/demo\/production\//);
    expect(res.body).toContain("Ask about this photograph");
    const post = await request("/contact?photo=post/autumn-in-the-basque-mountains/cover");
    expect(post.status).toBe(200);
    expect(post.body).toContain('value="post/autumn-in-the-basque-mountains/cover"');
  });

  it("answers 404 for a photo reference that is malformed or names no photograph", async () => {
    for (const ref of [
      "Bad_Ref",
      "portfolio",
      "portfolio/b2i6/x",
      "post/x",
      "portfolio/nope",
      "../x/y",
    ]) {
      const res = await request(`/contact?photo=${encodeURIComponent(ref)}`);
      expect(res.status, ref).toBe(404);
    }
  });

  it("links every photo page to the form about its photograph", async () => {
    // Beside the store's Buy section, it asks about the photograph…
    const res = await request("/portfolio/photo/b2i6");
    expect(res.body).toMatch(
      /<a [^>]*href="\/contact\?photo=portfolio\/b2i6"[^>]*>Ask about this photograph<\/a>/,
    );
    // …and without a store, it is the way to license it or buy a print.
    const noStore = await request("/portfolio/photo/b2i6", {
      env: { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" },
    });
    expect(noStore.body).toMatch(
      /<a [^>]*href="\/contact\?photo=portfolio\/b2i6"[^>]*>License or buy a print of this photograph<\/a>/,
    );
  });

  it("hands out signed fill-time stamps, never cached", async () => {
    const res = await request("/_app/inquiries/stamp");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    expect(JSON.parse(res.body).stamp).toMatch(/^\d{13}\.[\w-]{43}$/);
  });
});

describe("sending an inquiry", () => {
  it("answers 303 to the thank-you page once the queue has it; one document, one e-mail", async () => {
    const logs = captureLogs();
    const message = unique();
    const res = await post(form({ ...goodFields(message) }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}/contact/thanks`);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");

    const docs = await delivered(message);
    expect(docs).toHaveLength(1);
    const [doc] = docs as [StoredInquiry];
    expect(doc._id).toMatch(
      /^inquiry\.[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(doc).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "print",
      message,
      status: "new",
    });
    expect(doc.mail).toMatchObject({ to: "owner@example.com" });
    expect(doc.mail?.messageId).toBeTruthy();
    // Exactly one e-mail: the consumer says so once for this inquiry.
    const deliveries = logs.lines("info").filter((line) => line.inquiry === doc._id);
    expect(deliveries.map((line) => [line.message, line.mailed])).toEqual([
      ["Inquiry accepted", undefined],
      ["Inquiry delivered", true],
    ]);

    const thanks = await request("/contact/thanks");
    expect(thanks.status).toBe(200);
    expect(textOf(thanks.body, "h1")).toBe("Thank you for your message");
    expect(thanks.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("keeps the photograph the inquiry is about, with its image", async () => {
    const message = unique();
    const res = await post(form({ ...goodFields(message), photo: "portfolio/b2i6" }));
    expect(res.status).toBe(303);
    const [doc] = await delivered(message);
    expect(doc?.photo).toMatchObject({
      reference: "portfolio/b2i6",
      url: `${ORIGIN}/portfolio/photo/b2i6`,
    });
    expect(doc?.photo?.image?.asset._ref).toMatch(/^image-/);
  });

  it("is harmless when the same POST is sent again: still one document and one e-mail", async () => {
    const logs = captureLogs();
    const message = unique();
    const visitor = newVisitor();
    const fields = goodFields(message);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(form(fields), { visitor })).status).toBe(303);
    }
    const docs = await delivered(message);
    expect(docs).toHaveLength(1);
    const mailed = logs
      .lines("info")
      .filter((line) => line.inquiry === docs[0]?._id && line.mailed === true);
    expect(mailed).toHaveLength(1);
  });

  it("takes an urlencoded form too", async () => {
    const message = unique();
    const res = await post(new URLSearchParams(goodFields(message)));
    expect(res.status).toBe(303);
    expect(await delivered(message)).toHaveLength(1);
  });

  it("keeps header injection, HTML and very long lines as plain text", async () => {
    const longLine = "x".repeat(9_000);
    const message = `<script>alert(1)</script>\r\nBcc: victim@example.com\n${longLine} ${crypto.randomUUID()}`;
    const res = await post(
      form({ ...goodFields(message), name: "Mallory\r\nBcc: victim@example.com" }),
    );
    expect(res.status).toBe(303);
    const [doc] = await delivered(message.replace(/\r\n/g, "\n"));
    expect(doc?.name).toBe("Mallory Bcc: victim@example.com");
    expect(doc?.message).toContain("<script>alert(1)</script>\nBcc: victim@example.com\n");
    expect(doc?.message).toContain(longLine);
  });
});

describe("a bad inquiry", () => {
  it("answers 422 with the page again, every value kept and each problem at its field", async () => {
    const res = await post(
      form({
        name: "  ",
        email: "ada@example",
        subject: "general",
        message: '<b onmouseover="x">kept</b>',
        website: "",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
    const html = res.body;
    // Each problem next to its field, and announced.
    expect(html).toMatch(
      /<input id="inquiry-name"[^>]*aria-invalid="true"[^>]*aria-describedby="inquiry-name-error"/,
    );
    expect(html).toMatch(/<p id="inquiry-name-error"[^>]*>Please enter your name.<\/p>/);
    expect(html).toMatch(/<p id="inquiry-email-error"[^>]*>Please enter an e-mail address like/);
    expect(html).not.toMatch(/<textarea[^>]*aria-invalid="true"/);
    // The summary takes focus and links to the fields.
    expect(html).toMatch(/<div id="inquiry-errors" tabindex="-1" autofocus="" role="alert"/);
    expect(html).toContain('href="#inquiry-email"');
    // Values kept, escaped.
    expect(html).toContain('value="ada@example"');
    expect(html).toContain("&lt;b onmouseover=&quot;x&quot;&gt;kept&lt;/b&gt;</textarea>");
    expect(html).not.toContain('<b onmouseover="x">');
  });

  it("keeps the fill-time stamp of a refused submission, so a second try counts from the first", async () => {
    const opened = (await issueStamp(env.SANITY_TOKEN, Date.now() - 1_000)) ?? "";
    const res = await post(form({ ...goodFields(), email: "x", started: opened }));
    expect(res.status).toBe(422);
    expect(res.body).toContain(`name="started" value="${opened}"`);
    const forged = await post(form({ ...goodFields(), email: "x", started: "<b>" }));
    expect(forged.body).toContain('name="started" value=""');
  });

  it("refuses line breaks in the address, an unknown subject and a message over 10,000 characters", async () => {
    const res = await post(
      form({
        ...goodFields("x".repeat(10_001)),
        email: "ada@example.com\r\nBcc: victim@example.com",
        subject: "spam",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toContain("Please enter an e-mail address like name@example.com.");
    expect(res.body).toContain("Please choose what your message is about.");
    expect(res.body).toContain("Please shorten your message to 10,000 characters (it has 10,001).");
  });

  it("refuses a tampered photo reference without losing the message", async () => {
    const res = await post(form({ ...goodFields(), photo: "../../etc/passwd" }));
    expect(res.status).toBe(422);
    expect(res.body).toContain("The photograph could not be recognised.");
    expect(res.body).not.toContain('name="photo"');
  });

  it("refuses a body over 32 KB before reading it (413)", async () => {
    const big = form({ ...goodFields("y".repeat(MAX_INQUIRY_BYTES)) });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(res.body).toContain("Your message was too long to send.");
    // Streamed without a declared length, it is cut off as soon as it passes the limit.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i += 1)
          controller.enqueue(new TextEncoder().encode("z".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await request("/contact", {
      method: "POST",
      body: stream,
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": newVisitor(),
      },
    });
    expect(streamed.status).toBe(413);
  });

  it("refuses what is not a form (400)", async () => {
    const res = await post(JSON.stringify(goodFields()), {
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});

describe("cross-site requests", () => {
  it("refuses a post from another site, or one that says nothing of where it comes from (403)", async () => {
    const evil = await post(form(goodFields()), { headers: { Origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.body).toContain("This form was sent from another site.");
    const nullOrigin = await post(form(goodFields()), { headers: { Origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    const bare = await post(form(goodFields()), { browser: false });
    expect(bare.status).toBe(403);
    const crossSite = await post(form(goodFields()), {
      browser: false,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("takes a same-origin post that has Sec-Fetch-Site but no Origin", async () => {
    const res = await post(form(goodFields()), {
      browser: false,
      headers: { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-User": "?1" },
    });
    expect(res.status).toBe(303);
  });

  it("lets no other method or address take a body: they stay 405", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await request("/contact", { method, headers: { Origin: ORIGIN } })).status).toBe(405);
    }
    for (const path of ["/portfolio", "/contact/thanks", "/", "/contact/"]) {
      const res = await request(path, { method: "POST", headers: { Origin: ORIGIN } });
      expect(res.status, path).toBe(405);
    }
  });
});

describe("bots", () => {
  /** Posts and says whether anything was accepted for delivery. */
  async function accepted(fields: Record<string, string>, options: PostOptions = {}) {
    const logs = captureLogs();
    const res = await post(form(fields), options);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}/contact/thanks`);
    return {
      accepted: logs.messages("info").includes("Inquiry accepted"),
      reason: logs.lines("info").find((line) => line.message === "Inquiry discarded as a bot's")
        ?.reason,
    };
  }

  it("sees the thank-you page when it fills in the honeypot; nothing is delivered", async () => {
    const message = unique();
    expect(await accepted({ ...goodFields(message), website: "https://spam.example" })).toEqual({
      accepted: false,
      reason: "honeypot filled in",
    });
    await sleep(1_500);
    expect(await storedInquiries(message)).toEqual([]);
  });

  it("sees the thank-you page when it sends the form faster than a person could fill it", async () => {
    const fresh = (await issueStamp(env.SANITY_TOKEN)) ?? "";
    expect(await accepted({ ...goodFields(), started: fresh })).toEqual({
      accepted: false,
      reason: "sent too fast",
    });
    // A script posting fields, with neither a stamp nor a person's click, or a made-up stamp.
    expect(await accepted(goodFields(), { browser: false, headers: { Origin: ORIGIN } })).toEqual({
      accepted: false,
      reason: "no fill-time stamp",
    });
    const made = `${Date.now() - 60_000}.${"A".repeat(43)}`;
    expect(
      await accepted(
        { ...goodFields(), started: made },
        { browser: false, headers: { Origin: ORIGIN } },
      ),
    ).toEqual({ accepted: false, reason: "no fill-time stamp" });
  });

  it("takes a person's message from a form opened before the owner changed the token", async () => {
    const before = (await issueStamp("the token before", Date.now() - 60_000)) ?? "";
    expect(await accepted({ ...goodFields(), started: before })).toEqual({
      accepted: true,
      reason: undefined,
    });
  });

  it("takes a form opened long enough ago", async () => {
    const opened = (await issueStamp(env.SANITY_TOKEN, Date.now() - 10_000)) ?? "";
    expect(
      await accepted({ ...goodFields(), started: opened }, { headers: { "Sec-Fetch-User": "" } }),
    ).toEqual({ accepted: true, reason: undefined });
  });

  it("is limited to 5 inquiries a minute per visitor (429, with the message kept)", async () => {
    const visitor = newVisitor();
    await inOneRateWindow();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(form(goodFields()), { visitor })).status).toBe(303);
    }
    const limited = await post(form(goodFields("The sixth, still here.")), { visitor });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(limited.body).toContain("Please send it again in 60 seconds.");
    expect(limited.body).toContain("The sixth, still here.</textarea>");
    // Another visitor is not held up.
    expect((await post(form(goodFields()))).status).toBe(303);
  });

  it("counts an IPv6 visitor by their network (/64), not by each address they could take", async () => {
    const group = (Date.now() % 0xffff).toString(16);
    const network = `2001:db8:a6a6:${group}`;
    await inOneRateWindow();
    for (let i = 1; i <= 5; i += 1) {
      const visitor = `${network}::${i.toString(16)}`;
      expect((await post(form(goodFields()), { visitor })).status).toBe(303);
    }
    // The same network written out in full, another of its addresses: the sixth.
    const sixth = `2001:0DB8:A6A6:${group.padStart(4, "0")}:0:0:0:ffff`;
    expect((await post(form(goodFields()), { visitor: sixth })).status).toBe(429);
  });
});

describe("when delivery cannot start", () => {
  it("answers 503 with the message kept when the queue does not take it, never a thank-you", async () => {
    const logs = captureLogs();
    const broken = {
      ...env,
      INQUIRIES: { send: () => Promise.reject(new Error("queue unavailable")) },
    } as unknown as Env;
    const res = await post(form(goodFields("Please keep this text.")), { env: broken });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(res.body).toContain("Your message could not be sent just now.");
    expect(res.body).toContain("Please keep this text.</textarea>");
    expect(logs.messages("error")).toContain("Inquiry refused: the queue did not take it");
  });

  it("answers 503 when the site has no Sanity token to deliver with", async () => {
    captureLogs();
    const res = await post(form(goodFields("Kept as well.")), {
      env: { ...env, SANITY_TOKEN: "" },
    });
    expect(res.status).toBe(503);
    expect(res.body).toContain("Kept as well.</textarea>");
  });
});

describe("Turnstile, when the owner turns it on", () => {
  const withTurnstile = {
    ...env,
    TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
    TURNSTILE_SECRET_KEY: "secret",
  };

  it("shows the widget and allows its origin in the Content-Security-Policy", async () => {
    const res = await request("/contact", { env: withTurnstile });
    expect(res.body).toContain('class="cf-turnstile" data-sitekey="1x00000000000000000000AA"');
    expect(res.headers.get("Content-Security-Policy")).toContain(
      "https://challenges.cloudflare.com",
    );
    const without = await request("/contact");
    expect(without.body).not.toContain("cf-turnstile");
    expect(without.headers.get("Content-Security-Policy")).not.toContain(
      "challenges.cloudflare.com",
    );
  });

  it("refuses a submission without the widget's answer (422), keeping the message", async () => {
    const res = await post(form(goodFields("Checked by Turnstile.")), { env: withTurnstile });
    expect(res.status).toBe(422);
    expect(res.body).toContain("Please confirm that you are a person.");
    expect(res.body).toContain("Checked by Turnstile.</textarea>");
  });
});

describe("the consumer", () => {
  /** The queue's real e-mail binding, counted. */
  function countingMail(target: Env) {
    const sent: unknown[] = [];
    const mail = {
      send: async (message: unknown) => {
        sent.push(message);
        return target.INQUIRY_MAIL.send(message as EmailMessageBuilder);
      },
    };
    return { sent, env: { ...target, INQUIRY_MAIL: mail } as unknown as Env };
  }

  const body = (message: string, id = crypto.randomUUID()) => ({
    version: 1,
    id,
    receivedAt: new Date().toISOString(),
    origin: ORIGIN,
    name: "Grace Hopper",
    email: "grace@example.com",
    subject: "commission",
    message,
    photo: null,
  });

  async function deliver(testEnv: Env, queue: string, messageBody: unknown, attempts = 1) {
    const batch = createMessageBatch(queue, [
      { id: `m-${attempts}`, timestamp: new Date(), attempts, body: messageBody },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv, ctx);
    return getQueueResult(batch, ctx);
  }

  it("retries with backoff while Sanity fails, then delivers exactly once", async () => {
    const logs = captureLogs();
    const message = unique();
    const id = crypto.randomUUID();
    const { sent, env: testEnv } = countingMail(faultEnv({ INQUIRY_RETRY_SECONDS: "30" }));
    await setFault("500");
    for (const attempts of [1, 2, 3]) {
      const result = await deliver(
        testEnv,
        "photo-portfolio-inquiries",
        body(message, id),
        attempts,
      );
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toEqual([{ msgId: `m-${attempts}` }]);
    }
    expect(await storedInquiries(message)).toEqual([]);
    // Backoff: 30 s, then 60 s, then 120 s (the test pool's queue result leaves the delay out;
    // the log line names it).
    const failures = logs
      .lines("error")
      .filter((line) => line.message === "Inquiry delivery failed; it will be retried");
    expect(failures.map((line) => line.retryInSeconds)).toEqual([30, 60, 120]);

    await setFault("ok");
    const recovered = await deliver(testEnv, "photo-portfolio-inquiries", body(message, id), 4);
    expect(recovered.explicitAcks).toEqual(["m-4"]);
    // The queue delivering it once more (at least once, as queues do) changes nothing.
    const again = await deliver(testEnv, "photo-portfolio-inquiries", body(message, id), 1);
    expect(again.explicitAcks).toEqual(["m-1"]);
    const docs = await storedInquiries(message);
    expect(docs).toHaveLength(1);
    expect(docs[0]?._id).toBe(`inquiry.${id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "owner@example.com",
      replyTo: { name: "Grace Hopper", email: "grace@example.com" },
      subject: "A commission: a message from Grace Hopper",
      headers: { "X-Inquiry-Id": id },
    });
  });

  it("caps the backoff at an hour", async () => {
    const logs = captureLogs();
    await setFault("500");
    const result = await deliver(
      faultEnv({ INQUIRY_RETRY_SECONDS: "30" }),
      "q",
      body(unique()),
      12,
    );
    expect(result.retryMessages).toEqual([{ msgId: "m-12" }]);
    expect(logs.lines("error").map((line) => line.retryInSeconds)).toEqual([3600]);
  });

  it("delivers what is replayed from the dead-letter queue the same way", async () => {
    captureLogs();
    const message = unique();
    const { sent, env: testEnv } = countingMail(env);
    const result = await deliver(testEnv, "photo-portfolio-inquiries-dlq", body(message));
    expect(result.explicitAcks).toEqual(["m-1"]);
    expect(await storedInquiries(message)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("names the site as its pages do: the Studio's title over the worker's SITE_TITLE", async () => {
    captureLogs();
    const message = unique();
    // The demo's Site settings say "Jane Doe Photography"; the worker's var says otherwise.
    const { sent, env: testEnv } = countingMail({ ...env, SITE_TITLE: "An Old Name" });
    const result = await deliver(testEnv, "photo-portfolio-inquiries", body(message));
    expect(result.explicitAcks).toEqual(["m-1"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: { name: "Jane Doe Photography" } });
    expect((sent[0] as { text: string }).text).toContain("contact form of Jane Doe Photography");
    expect(JSON.stringify(sent[0])).not.toContain("An Old Name");
  });

  it("sends no e-mail without CONTACT_EMAIL_TO", async () => {
    captureLogs();
    const message = unique();
    const { sent, env: testEnv } = countingMail({ ...env, CONTACT_EMAIL_TO: "" });
    await deliver(testEnv, "photo-portfolio-inquiries", body(message));
    const [doc] = await storedInquiries(message);
    expect(doc?.mail).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("drops a message that is not an inquiry, with an error in the log", async () => {
    const logs = captureLogs();
    for (const bad of [
      null,
      "text",
      { ...body("x"), id: "not-a-uuid" },
      { ...body(""), version: 2 },
    ]) {
      const result = await deliver(env, "photo-portfolio-inquiries", bad);
      expect(result.explicitAcks).toEqual(["m-1"]);
    }
    expect(logs.messages("error")).toEqual(
      Array(4).fill("Queue message dropped: it is not an inquiry"),
    );
  });
});

describe("privacy", () => {
  it("never lets a query without a token read an inquiry", async () => {
    const message = unique();
    expect((await post(form(goodFields(message)))).status).toBe(303);
    const [doc] = await delivered(message);
    expect(doc?._id).toMatch(/^inquiry\./);
    const anonymous = async (query: string) => {
      const res = await fetch(
        `${env.SANITY_API_HOST}/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}&perspective=raw`,
      );
      return ((await res.json()) as { result: unknown }).result;
    };
    expect(await anonymous('*[_type == "inquiry"]')).toEqual([]);
    expect(await anonymous(`*[_id == "${doc?._id}"][0]`)).toBeNull();
    expect(await anonymous('count(*[_id in path("inquiry.**")])')).toBe(0);
    const byId = await fetch(`${env.SANITY_API_HOST}/v2025-02-19/data/doc/production/${doc?._id}`);
    expect(((await byId.json()) as { documents: unknown[] }).documents).toEqual([]);
  });

  it("never shows an inquiry on the site, in feeds or in the sitemap", async () => {
    const message = unique();
    expect((await post(form(goodFields(message)))).status).toBe(303);
    await delivered(message);
    for (const path of ["/", "/sitemap.xml", "/rss.xml", "/archive", "/contact"]) {
      const res = await request(path);
      expect(res.body, path).not.toContain(message);
      expect(res.body, path).not.toContain("inquiry.");
    }
  });
});
