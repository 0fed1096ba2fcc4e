import { photoRefOf, type ValidInquiry } from "../../shared/inquiries.ts";
import { type Config, loadConfig } from "../config/config.ts";
import { type ContentSource, createContentSource } from "../content/content-source.ts";
import { altTextOf } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { placedPhoto } from "../content/placed-photo.ts";
import { loadSiteSettings } from "../content/site-settings.ts";
import { log } from "../lib/log.ts";
import { consume } from "../lib/queue.ts";
import { inquiryEmail } from "./mail.ts";
import { type InquiryMessage, parseInquiryMessage } from "./message.ts";
import {
  type InquiryPhoto,
  type InquiryStore,
  inquiryDocument,
  sanityInquiryStore,
} from "./store.ts";

/**
 * The site's name as every page shows it: the Studio's Site settings over the configured
 * defaults, read as pages read them (through the content cache).
 */
async function siteTitle(
  config: Config,
  ctx: ExecutionContext,
  logFields: Record<string, string>,
): Promise<string> {
  const content = createContentSource(config, ctx, paths.contact(), { preview: false });
  const site = await loadSiteSettings(() => content.settings(), config.site, logFields);
  return site.title;
}

export interface DeliveryDeps {
  /** Where documents go (Sanity by default; the tests use the demo service through it too). */
  store?: InquiryStore;
}

/** The photograph a message names, looked up in its document now (fresh, past every cache). */
async function photoOf(
  content: ContentSource,
  message: InquiryMessage,
  inquiry: ValidInquiry,
): Promise<InquiryPhoto | undefined> {
  const ref = inquiry.photo;
  if (!ref) return undefined;
  const url = new URL(paths.photo(ref.kind, ref.slug, ref.key), message.origin).href;
  const found = (await placedPhoto(content, ref.kind, ref.slug, ref.key))?.found;
  const photo: InquiryPhoto = { _type: "inquiryPhoto", reference: photoRefOf(ref), url };
  if (!found) return photo;
  const { image } = found.photo;
  const title = image.caption?.trim() || image.asset.title?.trim() || altTextOf(image);
  return {
    ...photo,
    ...(title ? { title } : {}),
    image: { _type: "image", asset: { _type: "reference", _ref: image.asset._id } },
  };
}

/**
 * Delivers one inquiry: its document in Sanity, then (when CONTACT_EMAIL_TO is set) the
 * owner's e-mail. Both steps are idempotent on the inquiry's id, so a message delivered twice
 * (a retry after a step failed, a replay from the dead-letter queue) changes nothing the
 * second time: the document is created only if it does not exist, and the e-mail is sent only
 * if the document does not record it as sent yet.
 */
export async function deliverInquiry(
  env: Env,
  ctx: ExecutionContext,
  message: InquiryMessage,
  inquiry: ValidInquiry,
  deps: DeliveryDeps = {},
): Promise<{ mailed: boolean }> {
  const config = loadConfig(env);
  const store = deps.store ?? sanityInquiryStore(config);
  // The photograph is looked up fresh, past every cache: it names what the visitor saw.
  const fresh = createContentSource(config, ctx, paths.contact(), {
    preview: false,
    uncached: true,
  });
  const photo = await photoOf(fresh, message, inquiry);
  await store.create(inquiryDocument(message, photo));

  const to = config.mail.to;
  if (!to) return { mailed: false };
  const stored = await store.get(message.id);
  if (!stored) throw new Error("The inquiry document is missing right after it was written");
  if (stored.mail?.sentAt) return { mailed: false };
  const title = await siteTitle(config, ctx, {
    path: paths.contact(),
    inquiry: `inquiry.${message.id}`,
  });
  const email = inquiryEmail(config, message, to, stored.photo, title);
  // If the record below fails, the retry sends this e-mail again: the one case of a second
  // copy (the owner's mail program may fold it, its X-Inquiry-Id is the same).
  const sent = await env.INQUIRY_MAIL.send(email);
  await store.recordMail(message.id, {
    _type: "inquiryMail",
    to,
    sentAt: new Date().toISOString(),
    messageId: sent.messageId,
  });
  return { mailed: true };
}

/**
 * The queue consumer (the worker's `queue()` handler). It takes batches from the inquiries
 * queue, and from its dead-letter queue while the owner replays that (docs/inquiries.md):
 * both carry the same messages. A failed delivery is retried after INQUIRY_RETRY_SECONDS (30 s
 * by default), doubling each time, at most an hour: with wrangler.toml's 20 retries a message
 * keeps trying for about 14 hours before it is parked in the dead-letter queue.
 */
export const deliverInquiries = (
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
  deps: DeliveryDeps = {},
): Promise<void> =>
  consume(batch, {
    parse: parseInquiryMessage,
    carries: "an inquiry",
    names: ({ message }) => ({ inquiry: `inquiry.${message.id}` }),
    async handle({ message, inquiry }, fields) {
      const { mailed } = await deliverInquiry(env, ctx, message, inquiry, deps);
      log.info("Inquiry delivered", { ...fields, mailed });
    },
    failed: "Inquiry delivery failed; it will be retried",
    retrySeconds: loadConfig(env).inquiryRetrySeconds,
  });
