// Webhook delivery for the store's stand-ins (Stripe's events, the lab's callbacks): a POST
// that counts only when answered 2xx, retried after each failure (an error status, a refused
// connection, no answer within the time-out) with growing delays, as both services do, and
// every attempt recorded so tests can see what was sent and how it went.

export interface Attempt {
  /** ISO time the attempt started. */
  at: string;
  /** The receiver's status, when it answered. */
  status?: number;
  /** Why there was no answer (refused, time-out). */
  error?: string;
  ok: boolean;
}

export interface DeliveryOptions {
  url: string;
  body: string;
  /** Asked before each attempt: a signature may carry the attempt's time. */
  headers: () => Record<string, string>;
  /** Milliseconds to wait before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** Filled as attempts are made. */
  attempts: Attempt[];
  /** Stops waiting for retries (the service closing or resetting). */
  signal: AbortSignal;
}

export async function deliver(options: DeliveryOptions): Promise<boolean> {
  for (let retry = 0; retry <= options.retryDelaysMs.length; retry++) {
    if (retry > 0) {
      const waited = await sleep(options.retryDelaysMs[retry - 1] ?? 0, options.signal);
      if (!waited) return false;
    }
    if (options.signal.aborted) return false;
    const attempt: Attempt = { at: new Date().toISOString(), ok: false };
    options.attempts.push(attempt);
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: options.headers(),
        body: options.body,
        redirect: "manual",
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      attempt.status = response.status;
      attempt.ok = response.status >= 200 && response.status < 300;
      if (attempt.ok) return true;
    } catch (error) {
      attempt.error = error instanceof Error ? (error.cause ?? error).toString() : String(error);
    }
  }
  return false;
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}
