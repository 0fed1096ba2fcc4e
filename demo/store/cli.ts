// Starts the store's stand-ins (Stripe's and the lab's) by hand:
//   node demo/store/cli.ts [--host 127.0.0.1] [--payments-port 4242] [--lab-port 4243]
//                          [--webhook-url <url>] [--ship-after <ms>] [--settle-after <ms>]
// Prints the worker's settings for them (dotenv lines, secrets made up for this run) and
// stops cleanly on SIGINT/SIGTERM. --ship-after ships lab orders by themselves, --settle-after
// settles "Pay later" payments (successfully) by themselves; otherwise the control APIs do.
import { parseArgs } from "node:util";
import { startStoreStandIns } from "./standins.ts";

const usage =
  "Usage: node demo/store/cli.ts [--host 127.0.0.1] [--payments-port 4242] [--lab-port 4243] [--webhook-url <url>] [--ship-after <ms>] [--settle-after <ms>]";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`Invalid --${name} "${value}"`);
  return Number(value);
}

let args: Record<string, string | undefined>;
try {
  const names = ["host", "payments-port", "lab-port", "webhook-url", "ship-after", "settle-after"];
  args = parseArgs({
    options: Object.fromEntries(names.map((name) => [name, { type: "string" as const }])),
  }).values as Record<string, string | undefined>;
} catch (error) {
  fail((error as Error).message);
}

const host = args.host ?? "127.0.0.1";
const settleAfter = integer("settle-after", args["settle-after"]);
try {
  const store = await startStoreStandIns({
    payments: {
      host,
      port: integer("payments-port", args["payments-port"]),
      webhookUrl: args["webhook-url"],
      ...(settleAfter === undefined
        ? {}
        : { asyncPayment: { afterMs: settleAfter, outcome: "succeeded" as const } }),
    },
    lab: {
      host,
      port: integer("lab-port", args["lab-port"]),
      shipAfterMs: integer("ship-after", args["ship-after"]),
    },
  });
  console.log(
    `Payments stand-in (Stripe) on ${store.payments.url}, lab stand-in (Prodigi) on ${store.lab.url}`,
  );
  for (const [name, value] of Object.entries(store.vars)) console.log(`${name}=${value}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    store.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(`The store's stand-ins failed to start: ${(error as Error).message}`);
  process.exit(1);
}
