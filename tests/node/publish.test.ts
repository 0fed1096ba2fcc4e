// Publishing, end to end through the real local server that `npm start` runs: a change made on
// the demo content service (Sanity's mutation API) and announced with the signed webhook shows
// on the very next page view. (Locally there is no page cache in front of the worker, and with
// the webhook set a render reads Sanity: the webhook's own answer, and its purge, are what is
// checked beside it; tests/worker/publishing.test.ts has what the content cache keeps.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutate, sendSanityWebhook, webhookBody } from "../../demo/publish.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";

const PATH = "/post/autumn-in-the-basque-mountains";
const POST_ID = "post-autumn-in-the-basque-mountains";

let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ isolated: true });
}, 90_000);

afterAll(async () => {
  await site?.close();
});

const h1 = async () => {
  const html = await (await fetch(`${site.url}${PATH}`)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
};

describe("publishing on the local server", () => {
  it("shows a published change on the very next view after the webhook", async () => {
    const { content, vars } = site;
    if (!content || !vars.SANITY_TOKEN || !vars.SANITY_WEBHOOK_SECRET) {
      throw new Error("The local server should run on the demo, with a token and a webhook secret");
    }
    const before = await h1();
    expect(before).toBe("Autumn in the Basque mountains");
    expect(await h1()).toBe(before);

    const title = `Autumn, revisited ${Date.now()}`;
    const result = await mutate(content.url, vars.SANITY_TOKEN, [
      { patch: { id: POST_ID, set: { title } } },
    ]);
    expect(result.results).toHaveLength(1);

    const hook = await sendSanityWebhook({
      siteUrl: site.url,
      secret: vars.SANITY_WEBHOOK_SECRET,
      body: webhookBody(
        { _id: POST_ID, _type: "post", slug: { current: "autumn-in-the-basque-mountains" } },
        "update",
      ),
    });
    expect(hook.status).toBe(200);
    expect(JSON.parse(hook.text)).toMatchObject({ cache: "unavailable" });
    // Not eventually: the first request after the webhook's answer. (How long that takes is
    // measured by `npm run bench`, not asserted here.)
    expect(await h1()).toBe(title);
  }, 60_000);
});
