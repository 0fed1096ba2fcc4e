// `npm run schedule`: runs the site's Cron Triggers once on `npm start`'s local server (PORT, else
// 8787), as Cloudflare runs them: the owner's busy calendar read, a paid order whose hand-over to
// fulfilment was cut off handed over, and the e-mails that bring buyers back that are due
// (docs/store.md), then the owner's insights summary when an hour old. `--in 25h` (or `90m`, `8d`) runs
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
// wrangler.toml's Cron Triggers: every five minutes, then the hourly one (the insights summary).
for (const cron of ["*/5 * * * *", "7 * * * *"]) {
  const url = `http://localhost:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${at}`;
  try {
    const res = await fetch(url);
    const outcome = await res.text();
    console.log(`"${cron}" ran at ${new Date(at).toISOString()}: ${outcome}.`);
    if (!res.ok) process.exit(1);
  } catch {
    console.error(`Nothing answers at http://localhost:${port}: start the site first (npm start).`);
    process.exit(1);
  }
}
