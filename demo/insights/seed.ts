/**
 * A few weeks of the demo's insights (docs/insights.md), so the Studio's dashboard has something
 * to show under `npm start`: page views per day and page, and per day and referring site, and
 * the steps towards a sale (per photograph, and a client gallery's), for the days before today,
 * as SQL for the local D1 (`wrangler d1 execute --local`, scripts/site-server.ts).
 * Made up but steady: the same numbers for the same day, more at weekends. `INSERT OR IGNORE`:
 * a day already counted keeps its count.
 */
const PAGES: [path: string, weight: number][] = [
  ["/", 40],
  ["/portfolio", 22],
  ["/photos", 14],
  ["/post/autumn-in-the-basque-mountains", 9],
  ["/map", 5],
  ["/contact", 4],
  ["/book", 3],
  ["/de", 6],
];

const REFERRERS: [host: string, weight: number][] = [
  ["www.google.com", 18],
  ["www.instagram.com", 9],
  ["duckduckgo.com", 4],
  ["www.bing.com", 2],
];

/** Photographs that sell, with their share of the photo pages' views. */
const SELLING: [photo: string, weight: number][] = [
  ["portfolio/b2i6", 7],
  ["portfolio/b2i1", 4],
  ["portfolio/b5i7", 3],
];

/** Each step's count as a share of the step before (added, checkout, paid). */
const FUNNEL: [step: string, share: number][] = [
  ["cart", 0.3],
  ["checkout", 0.5],
  ["paid", 0.7],
];

/** A client gallery's steps a day, at most. */
const GALLERY_STEPS: [step: string, weight: number][] = [
  ["gallery-opened", 4],
  ["gallery-favourite", 9],
  ["gallery-download", 5],
  ["gallery-sent", 1],
  ["gallery-prints", 1],
];

const DAY = 86_400_000;

/** A number from 0 to 1 that is the same for the same text. */
function steady(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 1000) / 1000;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function insightsSeed(now = Date.now(), days = 28): string {
  const rows: string[] = [];
  for (let back = days; back >= 1; back--) {
    const instant = now - back * DAY;
    const day = new Date(instant).toISOString().slice(0, 10);
    const weekend = [0, 6].includes(new Date(instant).getUTCDay()) ? 1.4 : 1;
    const views = (name: string, weight: number) =>
      Math.round(weight * weekend * (0.6 + 0.8 * steady(`${day} ${name}`)));
    for (const [path, weight] of PAGES) {
      rows.push(
        `INSERT OR IGNORE INTO page_views (day, path, views) VALUES (${quote(day)}, ${quote(path)}, ${views(path, weight)});`,
      );
    }
    for (const [photo, weight] of SELLING) {
      let count = views(photo, weight);
      const [page, key] = [photo.slice(0, photo.lastIndexOf("/")), photo.split("/").at(-1)];
      rows.push(
        `INSERT OR IGNORE INTO page_views (day, path, views) VALUES (${quote(day)}, ${quote(`/${page}/photo/${key}`)}, ${count});`,
      );
      for (const [step, share] of FUNNEL) {
        count = Math.floor(count * share + steady(`${day} ${photo} ${step}`));
        rows.push(
          `INSERT OR IGNORE INTO sales_steps (day, step, photo, count) VALUES (${quote(day)}, ${quote(step)}, ${quote(photo)}, ${count});`,
        );
      }
    }
    for (const [step, weight] of GALLERY_STEPS) {
      rows.push(
        `INSERT OR IGNORE INTO sales_steps (day, step, photo, count) VALUES (${quote(day)}, ${quote(step)}, '', ${Math.floor(weight * steady(`${day} ${step}`))});`,
      );
    }
    for (const [host, weight] of REFERRERS) {
      rows.push(
        `INSERT OR IGNORE INTO referrer_views (day, host, views) VALUES (${quote(day)}, ${quote(host)}, ${views(host, weight)});`,
      );
    }
  }
  return `${rows.join("\n")}\n`;
}
