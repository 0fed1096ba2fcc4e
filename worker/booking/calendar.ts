/**
 * The owner's calendar: one Durable Object (named "owner") that decides every hold and booking,
 * one at a time, so a slot is never taken twice. Each call runs to its end before the next
 * begins (its storage is SQLite, read and written synchronously), so of any number of clients
 * asking for one slot at once exactly one holds it; the others are told the slots still free.
 *
 * A hold keeps its slot for HOLD_MINUTES while the client gives their details; one that lapses
 * frees it, with nothing to clean up first (a lapsed hold is simply no longer counted). The
 * owner's busy times (their own calendar's, busy-feed.ts) are kept here too, so a hold is
 * decided against them in the same step.
 */
import { DurableObject } from "cloudflare:workers";
import { DAY } from "../lib/zoned-time.ts";
import type { Details } from "./details.ts";
import {
  blockOf,
  freeSlots,
  type Hours,
  overlaps,
  type SessionShape,
  type Slot,
  type Taken,
} from "./slots.ts";

export const HOLD_MINUTES = 15;

/**
 * How many times one visitor (their network) may hold at once with details in them or being
 * paid for: a client booking two sessions, a household booking for two people, and no more, so
 * that nobody holds the whole calendar with made-up names.
 */
export const HOLDS_PER_VISITOR = 3;

/** A booked time's hold never lapses. */
const FOREVER = Number.MAX_SAFE_INTEGER;

/** The calendar's Durable Object's name: one calendar per site. */
export const CALENDAR = "owner";

/** What a hold is asked with: the session type's, the owner's hours, the slot. */
export interface HoldRequest {
  /** The session type's slug. */
  session: string;
  shape: SessionShape;
  hours: Hours;
  /** The slot's start (epoch ms), one of the free slots. */
  start: number;
  /** Who asks: a keyed hash of their network (holderOf), never the address. */
  holder?: string;
}

/** When the owner's calendar was last read (or tried), and in which zone its days were read. */
export interface BusyRead {
  zone: string;
  readAt: number;
}

export interface Hold {
  id: string;
  /** The session type's slug. */
  session: string;
  slot: Slot;
  expiresAt: number;
  /** The client's details and answers, once they gave them. */
  details?: Details;
  /** The SHA-256 of the contract's PDF, once the client signed it. */
  signed?: string;
}

export type HoldAnswer = { held: Hold } | { taken: Slot[] } | { tooMany: true };

type Row = Record<string, SqlStorageValue>;

export class BookingCalendar extends DurableObject<Env> {
  #ready = false;

  get #sql(): SqlStorage {
    if (!this.#ready) {
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS holds (
        id TEXT PRIMARY KEY,
        session TEXT NOT NULL,
        start INTEGER NOT NULL,
        end INTEGER NOT NULL,
        block_start INTEGER NOT NULL,
        block_end INTEGER NOT NULL,
        day TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      )`);
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS details (
        hold TEXT PRIMARY KEY,
        details TEXT NOT NULL
      )`);
      // A signed contract's PDF (its SHA-256): once signed, the details it names stay as they are.
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS signatures (
        hold TEXT PRIMARY KEY,
        pdf_sha256 TEXT NOT NULL
      )`);
      // Who holds a time, while they hold it: one time at once each (hold).
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS holders (
        hold TEXT PRIMARY KEY,
        holder TEXT NOT NULL
      )`);
      // Holds whose paid deposit found their time taken: refunded on that answer, which stays.
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS refused (
        hold TEXT PRIMARY KEY
      )`);
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS busy (
        start INTEGER NOT NULL,
        end INTEGER NOT NULL
      )`);
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS busy_read (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        zone TEXT NOT NULL,
        read_at INTEGER NOT NULL
      )`);
      this.#ready = true;
    }
    return this.ctx.storage.sql;
  }

  /**
   * Every time held or booked now, with its session's buffers, but the holds `except`; none over
   * for two days (no day a slot may be offered on is theirs, so every booking ever made is not
   * read again for each view).
   */
  taken(now = Date.now(), except: readonly string[] = []): Taken[] {
    return this.#sql
      .exec<Row>(
        "SELECT id, block_start, block_end, day FROM holds WHERE expires_at > ? AND block_end > ?",
        now,
        now - 2 * DAY,
      )
      .toArray()
      .filter((row) => !except.includes(String(row.id)))
      .map((row) => ({
        start: Number(row.block_start),
        end: Number(row.block_end),
        day: String(row.day),
      }));
  }

  /** The owner's busy times as last read. */
  busy(): Taken[] {
    return this.#sql
      .exec<Row>("SELECT start, end FROM busy")
      .toArray()
      .map((row) => ({ start: Number(row.start), end: Number(row.end) }));
  }

  /** When the owner's calendar was last read; undefined: never. */
  busyRead(): BusyRead | undefined {
    const row = this.#sql.exec<Row>("SELECT zone, read_at FROM busy_read").toArray()[0];
    return row ? { zone: String(row.zone), readAt: Number(row.read_at) } : undefined;
  }

  /**
   * The owner's busy times as read now (`times` given), or a read that failed (none given: the
   * times read before still count, and the next read comes when these would have gone stale).
   * A read begun before the one kept (a view's and the Cron Trigger's at once, the slower
   * finishing last) is older news, and changes nothing.
   */
  keepBusy(read: BusyRead, times?: readonly Taken[]): void {
    const last = this.busyRead();
    if (last && last.readAt > read.readAt) return;
    if (times) {
      this.#sql.exec("DELETE FROM busy");
      for (const time of times) {
        this.#sql.exec("INSERT INTO busy (start, end) VALUES (?, ?)", time.start, time.end);
      }
    }
    this.#sql.exec(
      "INSERT INTO busy_read (id, zone, read_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET zone = excluded.zone, read_at = excluded.read_at",
      read.zone,
      read.readAt,
    );
  }

  /** The free slots of a session type now, and when the owner's calendar was last read. */
  slots(
    hours: Hours,
    shape: SessionShape,
    now = Date.now(),
  ): { slots: Slot[]; busyRead: BusyRead | undefined } {
    const slots = freeSlots(hours, shape, [...this.taken(now), ...this.busy()], now);
    return { slots, busyRead: this.busyRead() };
  }

  /**
   * Holds the slot that starts at `request.start` when it is free at this moment; otherwise the
   * slots that are (the client's next choice).
   */
  hold(request: HoldRequest, now = Date.now()): HoldAnswer {
    // One time held at once by a visitor: choosing another lets the first go (a client who went
    // back to choose again; one who would hold the whole calendar), unless it is being paid for
    // (held longer) or someone's details are in it: a visitor is their network, which another
    // client may share (a home's, a carrier's), whose work is not undone under their hands; it
    // lapses with its time. A hold not made yet is none to let go: the earlier stays when this
    // fails.
    const earlier = request.holder
      ? this.#sql
          .exec<Row>(
            `SELECT id FROM holds JOIN holders ON holders.hold = holds.id
            WHERE holder = ? AND expires_at > ? AND expires_at <= ?
              AND id NOT IN (SELECT hold FROM details)`,
            request.holder,
            now,
            now + HOLD_MINUTES * 60_000,
          )
          .toArray()
          .map((row) => String(row.id))
      : [];
    const kept = request.holder
      ? this.#sql
          .exec<Row>(
            `SELECT COUNT(*) AS n FROM holds JOIN holders ON holders.hold = holds.id
            WHERE holder = ? AND expires_at > ?`,
            request.holder,
            now,
          )
          .one().n
      : 0;
    if (Number(kept) - earlier.length >= HOLDS_PER_VISITOR) return { tooMany: true };
    const free = freeSlots(
      request.hours,
      request.shape,
      [...this.taken(now, earlier), ...this.busy()],
      now,
    );
    const slot = free.find((each) => each.start === request.start);
    if (!slot) return { taken: free };
    for (const id of earlier) this.release(id);
    const block = blockOf(request.shape, slot);
    const hold = {
      id: crypto.randomUUID(),
      session: request.session,
      slot,
      expiresAt: now + HOLD_MINUTES * 60_000,
    };
    for (const table of ["details", "signatures", "holders"]) {
      this.#sql.exec(
        `DELETE FROM ${table} WHERE hold IN (SELECT id FROM holds WHERE expires_at <= ?)`,
        now,
      );
    }
    this.#sql.exec("DELETE FROM holds WHERE expires_at <= ?", now);
    this.#sql.exec(
      "INSERT INTO holds (id, session, start, end, block_start, block_end, day, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      hold.id,
      request.session,
      slot.start,
      slot.end,
      block.start,
      block.end,
      slot.day,
      hold.expiresAt,
    );
    if (request.holder) {
      this.#sql.exec("INSERT INTO holders (hold, holder) VALUES (?, ?)", hold.id, request.holder);
    }
    return { held: hold };
  }

  /** The hold `id` while it holds, else undefined (lapsed, released, or never made). */
  held(id: string, now = Date.now()): Hold | undefined {
    const row = this.#sql
      .exec<Row>("SELECT * FROM holds WHERE id = ? AND expires_at > ?", id, now)
      .toArray()[0];
    if (!row) return undefined;
    const details = this.#sql
      .exec<Row>("SELECT details FROM details WHERE hold = ?", id)
      .toArray()[0]?.details;
    const signed = this.#sql
      .exec<Row>("SELECT pdf_sha256 FROM signatures WHERE hold = ?", id)
      .toArray()[0]?.pdf_sha256;
    return {
      ...(typeof details === "string" ? { details: JSON.parse(details) as Details } : {}),
      ...(typeof signed === "string" ? { signed } : {}),
      id,
      session: String(row.session),
      slot: { start: Number(row.start), end: Number(row.end), day: String(row.day) },
      expiresAt: Number(row.expires_at),
    };
  }

  /**
   * Keeps the client's details with their hold, while it holds and its contract is not signed
   * (the contract names them).
   */
  keepDetails(id: string, details: Details, now = Date.now()): "kept" | "lapsed" | "signed" {
    const hold = this.held(id, now);
    if (!hold) return "lapsed";
    if (hold.signed) return "signed";
    this.#sql.exec(
      "INSERT INTO details (hold, details) VALUES (?, ?) ON CONFLICT (hold) DO UPDATE SET details = excluded.details",
      id,
      JSON.stringify(details),
    );
    return "kept";
  }

  /**
   * Records the contract signed for a hold (its PDF's SHA-256), once, and only if the details
   * it was made from (`details`, as `held` gave them) are still the hold's.
   */
  sign(id: string, details: Details, pdfSha256: string, now = Date.now()): boolean {
    const hold = this.held(id, now);
    if (!hold || hold.signed || JSON.stringify(hold.details) !== JSON.stringify(details)) {
      return false;
    }
    this.#sql.exec("INSERT INTO signatures (hold, pdf_sha256) VALUES (?, ?)", id, pdfSha256);
    return true;
  }

  /**
   * Keeps a hold until `until` (its deposit's payment page lasts longer), while it holds. Being
   * paid for (its details given), another time its visitor chooses leaves it, however little of
   * its payment page is left; it is one of the times they hold until it is booked or lapses.
   */
  extend(id: string, until: number, now = Date.now()): boolean {
    if (!this.held(id, now)) return false;
    this.#sql.exec("UPDATE holds SET expires_at = MAX(expires_at, ?) WHERE id = ?", until, id);
    return true;
  }

  /**
   * Makes a hold a booking, for good, once its deposit is paid: kept if it still holds, or, if
   * it lapsed, if its time is still free (of others and of the owner's busy times) and its day
   * has room; false when the time was taken meanwhile (the deposit is then refunded). Asked
   * again, it answers the same, though the time was freed since: the same payment is applied by
   * Stripe's event and by the client's return at once, and its refund is made on the first no.
   */
  book(
    id: string,
    session: string,
    slot: Slot,
    block: Taken & { day: string },
    perDay: number | undefined,
    now = Date.now(),
  ): boolean {
    this.#sql.exec("DELETE FROM holders WHERE hold = ?", id);
    if (this.held(id, now)) {
      this.#sql.exec("UPDATE holds SET expires_at = ? WHERE id = ?", FOREVER, id);
      return true;
    }
    if (this.#sql.exec("SELECT 1 FROM refused WHERE hold = ?", id).toArray().length) return false;
    const others = this.taken(now);
    const sameDay = others.filter((each) => each.day === block.day).length;
    // The owner's busy times too, as a new hold sees them: a time they filled meanwhile is gone.
    if (
      [...others, ...this.busy()].some((each) => overlaps(each, block)) ||
      (perDay !== undefined && sameDay >= perDay)
    ) {
      this.#sql.exec("INSERT OR IGNORE INTO refused (hold) VALUES (?)", id);
      return false;
    }
    this.#sql.exec(
      "INSERT OR REPLACE INTO holds (id, session, start, end, block_start, block_end, day, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      id,
      session,
      slot.start,
      slot.end,
      block.start,
      block.end,
      block.day,
      FOREVER,
    );
    return true;
  }

  /**
   * Moves a booked time from `from` to `slot` (the owner's choice, so their hours and day's limit
   * do not apply): "moved" when it keeps that time now (asked again, the same), "taken" when
   * another hold or booking keeps part of it, "changed" when it is at neither time (another move
   * of it is being carried out), "unknown" when `id` is not booked.
   */
  move(
    id: string,
    from: number,
    slot: Slot,
    block: Taken,
  ): "moved" | "taken" | "changed" | "unknown" {
    const row = this.#sql
      .exec<Row>("SELECT start FROM holds WHERE id = ? AND expires_at = ?", id, FOREVER)
      .toArray()[0];
    if (!row) return "unknown";
    if (Number(row.start) === slot.start) return "moved";
    if (Number(row.start) !== from) return "changed";
    const others = this.#sql
      .exec<Row>(
        "SELECT block_start, block_end FROM holds WHERE id != ? AND expires_at > ?",
        id,
        Date.now(),
      )
      .toArray()
      .map((each) => ({ start: Number(each.block_start), end: Number(each.block_end) }));
    if (others.some((each) => overlaps(each, block))) return "taken";
    this.#sql.exec(
      "UPDATE holds SET start = ?, end = ?, block_start = ?, block_end = ?, day = ? WHERE id = ?",
      slot.start,
      slot.end,
      block.start,
      block.end,
      slot.day,
      id,
    );
    return "moved";
  }

  /** Frees a hold's slot at once (the client chose another). */
  release(id: string): void {
    this.#sql.exec("DELETE FROM holders WHERE hold = ?", id);
    this.#sql.exec("DELETE FROM details WHERE hold = ?", id);
    this.#sql.exec("DELETE FROM signatures WHERE hold = ?", id);
    this.#sql.exec("DELETE FROM holds WHERE id = ?", id);
  }
}
