// "Never lost", end to end under `npm start`'s server (workerd on the build): the real queue with
// its retries, the real consumer and send_email binding, and Sanity played by the demo content
// service behind the fault stand-in. While the content service answers 500, the visitor still
// gets the thank-you page and the inquiry waits in the queue; once it recovers, the inquiry is
// delivered, exactly once, and so is the owner's e-mail.
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "../../demo/server/server.ts";
import { ROOT, type RunningSite, startSite } from "../../scripts/site-server.ts";
import { type FaultServer, startFaultServer } from "../support/fault-server.ts";

const TOKEN = "sk-inquiry-delivery-test-token";

let content: ContentService;
let empty: ContentService;
let faults: FaultServer;
let site: RunningSite;

beforeAll(async () => {
  const dataset = (file: string) => ({
    datasetFile: resolve(ROOT, file),
    imagesDir: resolve(ROOT, "demo/dataset/images"),
  });
  content = await startContentService({
    ...dataset("demo/dataset/production.ndjson"),
    token: TOKEN,
  });
  empty = await startContentService(dataset("tests/support/empty-dataset.ndjson"));
  faults = await startFaultServer({ content: content.url, empty: empty.url });
  site = await startSite({
    isolated: true,
    vars: {
      SANITY_PROJECT_ID: "demo",
      SANITY_DATASET: "production",
      SANITY_API_HOST: faults.url,
      SANITY_USE_CDN: "false",
      SANITY_TOKEN: TOKEN,
      CONTACT_EMAIL_TO: "owner@example.com",
      INQUIRY_RETRY_SECONDS: "1",
    },
  });
}, 90_000);

afterAll(async () => {
  await site?.close();
  await faults?.close();
  await content?.close();
  await empty?.close();
});

const fault = (mode: string) =>
  fetch(`${faults.controlUrl}/_fault`, { method: "POST", body: JSON.stringify({ mode }) });

async function inquiriesFrom(name: string): Promise<{ _id: string; mail?: unknown }[]> {
  const query = encodeURIComponent('*[_type == "inquiry" && name == $name]{_id, mail}');
  const res = await fetch(
    `${content.url}/v2025-02-19/data/query/production?query=${query}&$name=${encodeURIComponent(JSON.stringify(name))}`,
    { headers: { Authorization: `Bearer ${TOKEN}` } },
  );
  return ((await res.json()) as { result: { _id: string; mail?: unknown }[] }).result;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("an inquiry while Sanity fails", () => {
  it("is accepted, waits in the queue, and is delivered once Sanity is back: one document, one e-mail", async () => {
    const name = `Recovery ${Date.now()}`;
    await fault("500");
    const body = new FormData();
    body.set("name", name);
    body.set("email", "ada@example.com");
    body.set("subject", "commission");
    body.set("message", "Are you free in June?");
    const post = () =>
      fetch(`${site.url}/contact`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { Origin: site.url, "Sec-Fetch-User": "?1", "CF-Connecting-IP": "192.0.2.77" },
      });
    const res = await post();
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${site.url}/contact/thanks`);
    // The same POST again (a replay) while it still waits.
    expect((await post()).status).toBe(303);

    // Several attempts fail (1 s, 2 s, … apart) while the content service answers 500.
    const failed = () =>
      site.output().split("Inquiry delivery failed; it will be retried").length - 1;
    while (failed() < 3) await sleep(250);
    expect(await inquiriesFrom(name)).toEqual([]);

    await fault("ok");
    while ((await inquiriesFrom(name)).every((doc) => !doc.mail)) await sleep(250);
    // Long enough for any second delivery (both queued messages, any retry) to have shown.
    await sleep(5_000);
    const docs = await inquiriesFrom(name);
    expect(docs).toHaveLength(1);
    expect(docs[0]?.mail).toBeTruthy();
    const mails = site
      .output()
      .split("Subject: ")
      .filter((part) => part.includes(`from ${name}`));
    expect(mails).toHaveLength(1);
  }, 90_000);
});
