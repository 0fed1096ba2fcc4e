/**
 * Progress of a run over many files, on stderr (stdout stays the command's answer): a bar that
 * redraws in place on a terminal, with the count, the bytes and the time left; one plain line
 * per finished item elsewhere (a log file, CI), so nothing depends on control characters.
 *
 *   Importing [██████████░░░░░░░░░░]  12/40 · 120 MB of 410 MB · about 1 min 10 s left
 */
import { formatBytes, formatDuration } from "./format.ts";

export interface ProgressOptions {
  label: string;
  total: number;
  totalBytes: number;
  /** Default: process.stderr. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** For tests: the clock. */
  now?: () => number;
}

/** Redraws at most this often on a terminal. */
const FRAME_MS = 100;
const BAR_WIDTH = 20;

export class Progress {
  readonly #options: Required<Omit<ProgressOptions, "stream">>;
  readonly #stream: NonNullable<ProgressOptions["stream"]>;
  readonly #tty: boolean;
  readonly #started: number;
  #done = 0;
  #bytes = 0;
  #drawn = 0;
  #visible = false;

  constructor(options: ProgressOptions) {
    this.#stream = options.stream ?? process.stderr;
    this.#tty = this.#stream.isTTY === true;
    this.#options = { now: () => performance.now(), ...options };
    this.#started = this.#options.now();
  }

  /** Bytes of the work done so far (read, uploaded): what the time left is reckoned from. */
  addBytes(count: number): void {
    this.#bytes += count;
    if (this.#tty && this.#options.now() - this.#drawn >= FRAME_MS) this.#draw();
  }

  /** One item finished; `line` says how (shown as its own line when not on a terminal). */
  itemDone(line: string): void {
    this.#done++;
    if (this.#tty) this.#draw();
    else this.#stream.write(`[${this.#done}/${this.#options.total}] ${line} · ${this.#status()}\n`);
  }

  /** A message that must not be drawn over. */
  note(message: string): void {
    this.#clear();
    this.#stream.write(`${message}\n`);
    if (this.#tty) this.#draw();
  }

  /** Leaves the terminal as it was before the bar. */
  finish(): void {
    this.#clear();
  }

  #status(): string {
    const { total, totalBytes } = this.#options;
    const bytes = Math.min(this.#bytes, totalBytes);
    const parts = [`${formatBytes(bytes)} of ${formatBytes(totalBytes)}`];
    const elapsed = this.#options.now() - this.#started;
    if (this.#done >= total) parts.push(`done in ${formatDuration(elapsed)}`);
    else if (bytes > 0 && elapsed >= 1000) {
      parts.push(`about ${formatDuration((elapsed / bytes) * (totalBytes - bytes))} left`);
    } else parts.push("time left not known yet");
    return parts.join(" · ");
  }

  #draw(): void {
    const { label, total, totalBytes } = this.#options;
    const share = totalBytes > 0 ? Math.min(1, this.#bytes / totalBytes) : this.#done / total;
    const filled = Math.round(share * BAR_WIDTH);
    const count = `${String(this.#done).padStart(String(total).length)}/${total}`;
    let line = `${label} [${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}] ${count} · ${this.#status()}`;
    const columns = this.#stream.columns ?? 100;
    if (line.length > columns - 1) line = `${line.slice(0, columns - 2)}…`;
    this.#stream.write(`\r\x1b[2K${line}`);
    this.#drawn = this.#options.now();
    this.#visible = true;
  }

  #clear(): void {
    if (this.#tty && this.#visible) this.#stream.write("\r\x1b[2K");
    this.#visible = false;
  }
}
