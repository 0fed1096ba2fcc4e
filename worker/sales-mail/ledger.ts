/**
 * The record of the e-mails that bring buyers back, in D1 (migrations/0017): each planned once
 * per kind, occasion and address (a repeated plan is the same row), claimed before it is sent so
 * two runs of the schedule never send it twice, its clicks counted, and the addresses that asked
 * for no more of them.
 */
import { mailboxOf } from "../lib/mail.ts";
import { sha256Hex, toBase64url } from "../lib/signing.ts";

export interface PlannedMail {
  kind: string;
  occasion: string;
  address: string;
  language: string;
  timeZone: string | undefined;
  origin: string;
  dueAt: number;
  /** What the e-mail says, as its kind writes it (JSON). */
  data: unknown;
}

export interface SalesMail extends PlannedMail {
  id: string;
  attempts: number;
}

/** A send that failed is tried again by the next runs, this many times in all. */
export const MAX_ATTEMPTS = 5;
/** How long a run has to send an e-mail it claimed; past that the claim lapses. */
export const CLAIM_MS = 15 * 60 * 1000;
/** Due, or claimed by a run that was cut off (with tries left). */
const CLAIMABLE = `(status = 'due' OR (status = 'sending' AND attempts < ${MAX_ATTEMPTS}))`;
/** How long after a failed send it is tried again, the first time: 10, 20, 40, 80 minutes. */
export const RETRY_MS = 10 * 60 * 1000;
/** An order paid this long after a click of an e-mail's link is credited to that e-mail. */
export const CREDIT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const addressKey = (address: string) => address.trim().toLowerCase();
const hashOf = (key: string) => sha256Hex(`unsubscribed\n${key}`);
/**
 * An address's entries in the unsubscribed list: its mailbox's, which an unsubscribe records, and
 * the address's in lower case, which unsubscribes recorded before mailboxes were.
 */
const unsubscribedKeys = async (address: string) =>
  [await hashOf(mailboxOf(address)), await hashOf(addressKey(address))] as const;

interface Row {
  id: string;
  kind: string;
  occasion: string;
  address: string;
  language: string;
  time_zone: string | null;
  origin: string;
  due_at: number;
  data: string;
  attempts: number;
}

const mailOf = (row: Row): SalesMail => ({
  id: row.id,
  kind: row.kind,
  occasion: row.occasion,
  address: row.address,
  language: row.language,
  timeZone: row.time_zone ?? undefined,
  origin: row.origin,
  dueAt: row.due_at,
  data: JSON.parse(row.data),
  attempts: row.attempts,
});

export function salesMails(db: D1Database) {
  /** The e-mails still due of this kind and occasion, but the one to `except`, not to be sent. */
  const skipDue = (kind: string, occasion: string, except = "") =>
    db
      .prepare(
        "UPDATE sales_mails SET status = 'skipped' WHERE kind = ? AND occasion = ? AND address <> ? AND status = 'due'",
      )
      .bind(kind, occasion, except);
  return {
    /**
     * Plans an e-mail; false when none is planned: the address asked for no more, or this kind,
     * occasion and address has one already (with `replace`, while still due, it is this one
     * now, and one still due of this kind and occasion to another address is not sent: an
     * occasion has one e-mail, to the address named last).
     */
    async plan(
      mail: PlannedMail,
      { replace = false }: { replace?: boolean } = {},
    ): Promise<boolean> {
      const id = toBase64url(crypto.getRandomValues(new Uint8Array(16)));
      const again = replace
        ? `UPDATE SET data = excluded.data, due_at = excluded.due_at, language = excluded.language,
             time_zone = excluded.time_zone WHERE status = 'due'`
        : "NOTHING";
      const [mailboxHash, addressHash] = await unsubscribedKeys(mail.address);
      const others = skipDue(mail.kind, mail.occasion, addressKey(mail.address));
      const planned = db
        .prepare(
          `INSERT INTO sales_mails (id, kind, occasion, address, mailbox, language, time_zone, origin, due_at, data, status)
           SELECT ?1, ?2, ?3, ?4, ?12, ?5, ?6, ?7, ?8, ?9, 'due'
           WHERE NOT EXISTS (SELECT 1 FROM unsubscribed WHERE address_hash IN (?10, ?11))
           ON CONFLICT (kind, occasion, address) DO ${again}`,
        )
        .bind(
          id,
          mail.kind,
          mail.occasion,
          addressKey(mail.address),
          mail.language,
          mail.timeZone ?? null,
          mail.origin,
          mail.dueAt,
          JSON.stringify(mail.data),
          mailboxHash,
          addressHash,
          mailboxOf(mail.address),
        );
      const result = replace ? (await db.batch([others, planned]))[1] : await planned.run();
      return (result?.meta.changes ?? 0) > 0;
    },

    /** The e-mails due at `now` (and those whose send was cut off: CLAIM_MS), oldest first. */
    async due(now: number, limit = 50): Promise<SalesMail[]> {
      const { results } = await db
        .prepare(
          `SELECT * FROM sales_mails WHERE ${CLAIMABLE} AND due_at <= ?1 ORDER BY due_at LIMIT ?2`,
        )
        .bind(now, limit)
        .all<Row>();
      return results.map(mailOf);
    },

    async get(id: string): Promise<(SalesMail & { status: string }) | undefined> {
      const row = await db
        .prepare("SELECT * FROM sales_mails WHERE id = ?")
        .bind(id)
        .first<Row & { status: string }>();
      return row ? { ...mailOf(row), status: row.status } : undefined;
    },

    /**
     * Takes a due e-mail to send it, for CLAIM_MS: true for the one run that did. A run cut off
     * while sending (a deploy, a limit) leaves it claimed; once the claim lapses, it is due again.
     */
    async claim(id: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE sales_mails SET status = 'sending', attempts = attempts + 1, due_at = ?2 + ${CLAIM_MS}
           WHERE id = ?1 AND ${CLAIMABLE} AND due_at <= ?2`,
        )
        .bind(id, now)
        .run();
      return result.meta.changes > 0;
    },

    async sent(id: string, links: string[], now: number): Promise<void> {
      await db
        .prepare("UPDATE sales_mails SET status = 'sent', sent_at = ?, links = ? WHERE id = ?")
        .bind(now, JSON.stringify(links), id)
        .run();
    },

    /**
     * A send that failed: due again after RETRY_MS, twice that after the next failure, and so on
     * (a run's next batches, and the runs minutes apart, would otherwise spend every try on one
     * outage of the mail service), or given up after MAX_ATTEMPTS.
     */
    async failed(id: string, now: number): Promise<void> {
      await db
        .prepare(
          `UPDATE sales_mails SET status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'due' END,
             due_at = ? + ${RETRY_MS} * (1 << (attempts - 1))
           WHERE id = ? AND status = 'sending'`,
        )
        .bind(now, id)
        .run();
    },

    /** Due again at `dueAt`, unclaimed (its recipient is asleep now). */
    async wait(id: string, dueAt: number): Promise<void> {
      await db
        .prepare(`UPDATE sales_mails SET status = 'due', due_at = ? WHERE id = ? AND ${CLAIMABLE}`)
        .bind(dueAt, id)
        .run();
    },

    /** Not yet: due again at `dueAt` (the try is not counted). */
    async postpone(id: string, dueAt: number): Promise<void> {
      await db
        .prepare(
          "UPDATE sales_mails SET status = 'due', due_at = ?, attempts = attempts - 1 WHERE id = ? AND status = 'sending'",
        )
        .bind(dueAt, id)
        .run();
    },

    /** No e-mail of this kind and occasion still due is sent: the occasion's last word named no one. */
    async withdraw(kind: string, occasion: string): Promise<void> {
      await skipDue(kind, occasion).run();
    },

    /** Not to be sent (its address unsubscribed, or its occasion is over). */
    async skip(id: string): Promise<void> {
      await db.prepare("UPDATE sales_mails SET status = 'skipped' WHERE id = ?").bind(id).run();
    },

    /**
     * Whether another e-mail of `mail`'s kind went to its mailbox (`name+tag@` is `name@`) less
     * than `ms` before `now`, or is being sent: how a kind keeps its e-mails that far apart,
     * counted when one is sent, so one not sent after all (its occasion over) holds none back.
     */
    async sentWithin(mail: SalesMail, ms: number, now: number): Promise<boolean> {
      const row = await db
        .prepare(
          `SELECT 1 AS yes FROM sales_mails WHERE kind = ?1 AND mailbox = ?2 AND id <> ?3
             AND ((status = 'sent' AND sent_at > ?4) OR (status = 'sending' AND due_at > ?5))`,
        )
        .bind(mail.kind, mailboxOf(mail.address), mail.id, now - ms, now)
        .first();
      return row !== null;
    },

    /** A click of a sent e-mail's link `n`: where it leads, or undefined for no such link. */
    async click(id: string, n: number, now: number, count: boolean): Promise<string | undefined> {
      const row = await db
        .prepare("SELECT links FROM sales_mails WHERE id = ? AND status = 'sent'")
        .bind(id)
        .first<{ links: string | null }>();
      const target = row?.links ? (JSON.parse(row.links) as string[])[n] : undefined;
      if (target && count) {
        await db
          .prepare(
            "UPDATE sales_mails SET clicks = clicks + 1, last_click_at = ? WHERE id = ? AND status = 'sent'",
          )
          .bind(now, id)
          .run();
      }
      return target;
    },

    /**
     * Forgets the addresses of e-mails never sent (skipped, or given up) a day after they were
     * due, keeping their counts: no link of theirs needs one. A sent e-mail keeps its own, for its
     * unsubscribe link, and so does one cut off on its last try, which may have gone, until
     * `keepMs` after it went (the insights' figures are kept as long): then its address, its
     * words and its last click go too.
     */
    async forgetAddresses(now: number, keepMs: number): Promise<void> {
      await db
        .prepare(
          `UPDATE sales_mails SET address = 'forgotten:' || id, mailbox = 'forgotten:' || id,
             data = '{}', last_click_at = NULL
           WHERE address NOT LIKE 'forgotten:%'
             AND ((status IN ('skipped', 'failed') AND due_at < ?1)
               OR (status IN ('sent', 'sending') AND COALESCE(sent_at, due_at) < ?2))`,
        )
        .bind(now - 24 * 60 * 60 * 1000, now - keepMs)
        .run();
    },

    async unsubscribe(address: string, now: number): Promise<void> {
      await db
        .prepare("INSERT INTO unsubscribed (address_hash, at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        .bind((await unsubscribedKeys(address))[0], now)
        .run();
    },

    async isUnsubscribed(address: string): Promise<boolean> {
      const row = await db
        .prepare("SELECT 1 AS yes FROM unsubscribed WHERE address_hash IN (?, ?)")
        .bind(...(await unsubscribedKeys(address)))
        .first();
      return row !== null;
    },

    /**
     * Credits a paid order to the e-mail its buyer last followed a link of in the 7 days before
     * it was paid, once: the e-mail's id, or undefined when there is none.
     */
    async credit(
      order: { id: string; email: string; amount: number; currency: string },
      paidAt: number,
    ): Promise<string | undefined> {
      const mail = await db
        .prepare(
          `SELECT id FROM sales_mails WHERE address = ? AND last_click_at BETWEEN ? AND ?
           ORDER BY last_click_at DESC LIMIT 1`,
        )
        .bind(addressKey(order.email), paidAt - CREDIT_WINDOW_MS, paidAt)
        .first<{ id: string }>();
      if (!mail) return undefined;
      await db
        .prepare(
          `INSERT INTO sales_mail_orders (order_id, mail_id, amount, currency, at)
           VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(order.id, mail.id, order.amount, order.currency, paidAt)
        .run();
      return mail.id;
    },
  };
}

export type SalesMails = ReturnType<typeof salesMails>;
