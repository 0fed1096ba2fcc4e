// The contact form under load: POST /contact from many visitors at once (each request a visitor
// of its own, CF-Connecting-IP, so the per-visitor limit is not what is measured), and the time
// from a visitor's POST to the inquiry document in the content service (the queue and the
// consumer in between, as deployed).
import type { RunningSite } from "../scripts/site-server.ts";
import { percentile } from "./load.ts";
import { nextVisitor } from "./visitors.ts";

export interface PostLoad {
  requests: number;
  /** Answers other than 303 (the thank-you redirect), and failed requests. */
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  seconds: number;
}

/** One POST of the form as a browser without script sends it (no stamp, a person's click). */
async function postInquiry(
  siteUrl: string,
  message: string,
): Promise<{ status: number; ms: number }> {
  const body = new FormData();
  body.set("name", "Bench Visitor");
  body.set("email", "bench@example.com");
  body.set("subject", "print");
  body.set("message", message);
  body.set("website", "");
  body.set("started", "");
  const started = performance.now();
  const res = await fetch(new URL("/contact", siteUrl), {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: new URL(siteUrl).origin,
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-User": "?1",
      "CF-Connecting-IP": nextVisitor(),
    },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** `connections` visitors posting one after another for `seconds`. */
export async function loadPosts(
  siteUrl: string,
  connections: number,
  seconds: number,
): Promise<PostLoad> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      let n = 0;
      while (performance.now() < until) {
        n += 1;
        try {
          const { status, ms } = await postInquiry(siteUrl, `Load ${lane}-${n} ${Math.random()}`);
          latencies.push(ms);
          if (status !== 303) failures += 1;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    seconds: (performance.now() - started) / 1000,
  };
}

/** How long after each of `samples` POSTs (one at a time) its document is in the content service. */
export async function postToDocument(site: RunningSite, samples: number): Promise<number[]> {
  const content = site.content?.url;
  const token = site.vars.SANITY_TOKEN;
  if (!content || !token) throw new Error("The benchmark needs the demo content service");
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const message = `Delivery ${i} ${Math.random()}`;
    const query = encodeURIComponent('count(*[_type == "inquiry" && message == $m])');
    const lookup = `${content}/v2025-02-19/data/query/production?query=${query}&$m=${encodeURIComponent(JSON.stringify(message))}`;
    const started = performance.now();
    const { status } = await postInquiry(site.url, message);
    if (status !== 303) throw new Error(`POST /contact answered ${status}`);
    for (;;) {
      const res = await fetch(lookup, { headers: { Authorization: `Bearer ${token}` } });
      const { result } = (await res.json()) as { result: number };
      if (result > 0) break;
      if (performance.now() - started > 30_000) throw new Error("No document after 30 s");
      await new Promise((wait) => setTimeout(wait, 5));
    }
    times.push(performance.now() - started);
  }
  return times;
}
