// `npm run schedule`: runs the site's Cron Trigger once on `npm start`'s local server (PORT, else
// 8787), as Cloudflare runs it every five minutes: the owner's busy calendar read, and the
// e-mails that bring buyers back that are due (docs/store.md). `--in 25h` (or `90m`, `8d`) runs
// it as if that much later, so a cart left behind or a gallery's reminder can be seen now; the
// e-mails it sends appear in `npm start`'s output.
import process from "node:process";

const port = Number(process.env.PORT ?? 8787);
const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

const flag = process.argv.indexOf("--in");
const later = flag === -1 ? "0m" : (process.argv[flag + 1] ?? "");
const match = /^(\d{1,4})([mhd])$/.exec(later);
if (!match) {
  console.error(`--in takes minutes, hours or days, such as 90m, 25h or 8d (got "${later}")`);
  process.exit(2);
}
const at = Date.now() + Number(match[1]) * (UNITS[match[2] as string] as number);
const url = `http://localhost:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${at}`;
try {
  const res = await fetch(url);
  const outcome = await res.text();
  console.log(`The schedule ran at ${new Date(at).toISOString()}: ${outcome}.`);
  process.exit(res.ok ? 0 : 1);
} catch {
  console.error(`Nothing answers at http://localhost:${port}: start the site first (npm start).`);
  process.exit(1);
}
