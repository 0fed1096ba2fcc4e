/** How many times work is tried, and the first wait between tries (four times it next). */
const TRIES = 3;
const FIRST_WAIT_MS = 1_000;

/**
 * `work`, tried again after a passing failure (the mail service, Sanity or D1 busy for a moment):
 * three tries, a second and then four apart. Only for work that may be repeated whole.
 */
export async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= TRIES) throw error;
      await scheduler.wait(FIRST_WAIT_MS * 4 ** (attempt - 1));
    }
  }
}
