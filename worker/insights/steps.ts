/**
 * The steps towards a sale (docs/insights.md, "What sells"), each counted where the worker itself
 * sees it happen, never from anything a browser claims: a print or licence added to a cart, a
 * checkout made with Stripe, an order paid (Stripe's word, at its one hand-over to fulfilment);
 * and a client gallery's own: opened, a favourite marked, a selection sent, a download, prints
 * ordered. The photo page's views are the page views of its path. Per day, and per photograph
 * where there is one; sent to the insights queue in the background like a view.
 */
import { errorText, log } from "../lib/log.ts";
import { isCrawler } from "./views.ts";

export const STEPS = [
  "cart",
  "checkout",
  "paid",
  "gallery-opened",
  "gallery-favourite",
  "gallery-sent",
  "gallery-download",
  "gallery-prints",
] as const;

export type Step = (typeof STEPS)[number];

export interface StepCount {
  day: string;
  step: Step;
  /** The photograph ("portfolio/b2i1"), where the step is one photograph's; "" otherwise. */
  photo: string;
}

export const isStep = (value: unknown): value is Step => STEPS.includes(value as Step);

/** Sends `step`'s counts (once per photograph given, or once); a failure loses them only. */
export async function sendStep(
  env: Pick<Env, "INSIGHTS">,
  step: Step,
  photos: string[] = [""],
  now = Date.now(),
): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  const counts: StepCount[] = photos.map((photo) => ({ day, step, photo: photo.slice(0, 200) }));
  if (counts.length === 0) return;
  await env.INSIGHTS.sendBatch(counts.map((body) => ({ body }))).catch((error: unknown) =>
    log.warn("A step towards a sale could not be counted", { step, error: errorText(error) }),
  );
}

/**
 * Counts `step` of a person's request after the answer is sent (no answer waits for it); a
 * crawler's is not counted, as its views are not.
 */
export function countStep(
  request: Request,
  env: Pick<Env, "INSIGHTS">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  step: Step,
  photos?: string[],
): void {
  if (!isCrawler(request)) ctx.waitUntil(sendStep(env, step, photos));
}
