// How long a publish takes to reach the next view.
import { mutate, sendSanityWebhook, webhookBody } from "../demo/publish.ts";
import type { RunningSite } from "../scripts/site-server.ts";

const POST = { id: "post-autumn-in-the-basque-mountains", slug: "autumn-in-the-basque-mountains" };

/**
 * Publishes a title change on the demo and sends the signed webhook, as Sanity does, then
 * views the post: the milliseconds from the webhook's answer until the new title arrived.
 */
export async function publishToPage(site: RunningSite): Promise<number> {
  const { content, vars } = site;
  if (!content || !vars.SANITY_TOKEN || !vars.SANITY_WEBHOOK_SECRET) {
    throw new Error("publishing needs the demo content with a token and a webhook secret");
  }
  const page = new URL(`/post/${POST.slug}`, site.url);
  await (await fetch(page)).arrayBuffer();
  const title = `Autumn, published ${Date.now()}`;
  await mutate(content.url, vars.SANITY_TOKEN, [{ patch: { id: POST.id, set: { title } } }]);
  const hook = await sendSanityWebhook({
    siteUrl: site.url,
    secret: vars.SANITY_WEBHOOK_SECRET,
    body: webhookBody({ _id: POST.id, _type: "post", slug: { current: POST.slug } }, "update"),
  });
  if (hook.status !== 200) throw new Error(`the webhook answered ${hook.status}`);
  const started = performance.now();
  const html = await (await fetch(page)).text();
  const took = performance.now() - started;
  if (!html.includes(title)) throw new Error("the next view did not show the published change");
  return took;
}
