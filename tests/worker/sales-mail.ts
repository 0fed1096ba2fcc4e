// Test support for the e-mails that bring buyers back (not a test file): the Cron Trigger's run
// at a moment of the test's choosing, and the rows of the e-mails planned to an address.
import { env } from "cloudflare:workers";
import { mailbox } from "./bookings.ts";
import { runCron } from "./harness.ts";

export const HOUR = 60 * 60 * 1000;

export interface MailRow {
  id: string;
  kind: string;
  status: string;
  due_at: number;
  time_zone: string | null;
  language: string;
  clicks: number;
  attempts: number;
}

/** The e-mails planned to `address`, in the order they were planned. */
export const mailsTo = async (address: string) =>
  (
    await env.STORE_DB.prepare("SELECT * FROM sales_mails WHERE address = ? ORDER BY rowid")
      .bind(address.toLowerCase())
      .all<MailRow>()
  ).results;

/** The store's D1, refusing the first `times` records of an e-mail sent (D1 busy a moment). */
function refusingSentRecords(times: number): D1Database {
  let left = times;
  const db = env.STORE_DB;
  return new Proxy(db, {
    get(target, name) {
      if (name !== "prepare") {
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = target.prepare(sql);
        if (!sql.startsWith("UPDATE sales_mails SET status = 'sent'")) return statement;
        return {
          bind: (...values: unknown[]) => {
            const bound = statement.bind(...values);
            return {
              run: async () => {
                if (left-- > 0) throw new Error("D1 could not write (a test's)");
                return bound.run();
              },
            };
          },
        };
      };
    },
  });
}

/**
 * The Cron Trigger's run at `at`, the e-mails it sent to `address` caught (other files' e-mails,
 * due in the same run, are theirs); with `mailFails`, the e-mail service refuses every one; with
 * `recordFails`, D1 refuses that many records of an e-mail sent.
 */
export async function scheduleAt(
  at: number,
  address: string,
  { mailFails = false, recordFails = 0 } = {},
) {
  const mail = mailbox();
  const failing = {
    CLIENT_MAIL: {
      send: async () => {
        throw new Error("The e-mail service is unavailable (a test's outage)");
      },
    },
  };
  await runCron("*/5 * * * *", {
    at,
    siteEnv: {
      ...mail.env,
      ...(mailFails ? failing : {}),
      ...(recordFails ? { STORE_DB: refusingSentRecords(recordFails) } : {}),
    } as unknown as Env,
  });
  return mail.sent.filter((sent) => String(sent.to).toLowerCase() === address.toLowerCase());
}

/** The first moment at or after `from` whose hour on `zone`'s clock is `hour` (five past). */
export function nextHour(from: number, zone: string, hour: number): number {
  const format = new Intl.DateTimeFormat("en", {
    timeZone: zone,
    hour: "numeric",
    hourCycle: "h23",
  });
  let at = Math.ceil(from / HOUR) * HOUR + 5 * 60 * 1000;
  while (Number(format.format(at)) !== hour) at += HOUR;
  return at;
}
