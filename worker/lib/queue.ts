import { errorText, type Fields, log } from "./log.ts";

/** The longest wait between two attempts: an hour. */
const MAX_RETRY_SECONDS = 60 * 60;

/** Seconds before the next attempt after `attempts` failed ones: `base` doubling, at most an hour. */
export const backoffSeconds = (base: number, attempts: number): number =>
  Math.min(MAX_RETRY_SECONDS, base * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

export interface Consumer<T> {
  /** The message a body holds, or undefined: such a body is dropped (no retry makes it one). */
  parse(body: unknown): T | undefined;
  /** What the queue carries, for the log line of a dropped body: "an inquiry". */
  carries: string;
  /** What names the message in its log lines: `{ order: "…" }`. */
  names(message: T): Fields;
  /** Does the message's work and logs it, with `fields`; throws to have it retried. */
  handle(message: T, fields: Fields): Promise<void>;
  /** The log line of a failed attempt: "Order fulfilment failed; it will be retried". */
  failed: string;
  /** The first retry's delay, doubled at each further attempt (backoffSeconds). */
  retrySeconds: number;
}

/**
 * A queue consumer's batch, one message after another: each handled is acknowledged, each that
 * fails is retried with backoff (after wrangler.toml's `max_retries` the queue moves it to the
 * dead-letter queue), and a body that is not what the queue carries is dropped with an error in
 * the log.
 */
export async function consume<T>(batch: MessageBatch<unknown>, consumer: Consumer<T>) {
  for (const item of batch.messages) {
    const queued = { queue: batch.queue, queueMessage: item.id, attempt: item.attempts };
    const message = consumer.parse(item.body);
    if (message === undefined) {
      log.error(`Queue message dropped: it is not ${consumer.carries}`, queued);
      item.ack();
      continue;
    }
    const fields = { ...queued, ...consumer.names(message) };
    try {
      await consumer.handle(message, fields);
      item.ack();
    } catch (error) {
      const retryInSeconds = backoffSeconds(consumer.retrySeconds, item.attempts);
      log.error(consumer.failed, { ...fields, retryInSeconds, error: errorText(error) });
      item.retry({ delaySeconds: retryInSeconds });
    }
  }
}
