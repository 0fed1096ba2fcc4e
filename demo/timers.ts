// Delayed actions of the store's stand-ins (a session expiring, a bank transfer arriving, an
// order shipping), all cancelled at once when a stand-in resets or closes. They never keep
// the process alive on their own.
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  after(ms: number, action: () => void): NodeJS.Timeout {
    // setTimeout holds at most 2^31 - 1 ms (24.8 days); a longer delay would fire at once.
    const timer = setTimeout(
      () => {
        this.pending.delete(timer);
        try {
          action();
        } catch (error) {
          console.error("store stand-in: a delayed action failed:", error);
        }
      },
      Math.min(ms, 2 ** 31 - 1),
    );
    timer.unref();
    this.pending.add(timer);
    return timer;
  }

  cancel(timer: NodeJS.Timeout | undefined): void {
    if (timer === undefined) return;
    clearTimeout(timer);
    this.pending.delete(timer);
  }

  clear(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
