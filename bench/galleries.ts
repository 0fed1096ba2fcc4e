// Client galleries under measurement: the page of a gallery of many photographs (its HTML per
// photograph, against the public grid's budget), a ZIP of a gigabyte streamed from R2 (its
// throughput, and the worker's memory while it streams), a favourite's way to the Studio, and
// Lighthouse on the unlocked page of the demo's gallery (its client's first view).
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { photoPath, SiteClient } from "../cli/gallery/site-client.ts";
import {
  demoGalleryFiles,
  type GalleryFile,
  generatedGalleryFiles,
  saveGalleryDocument,
  uploadGalleryPhotos,
} from "../scripts/demo-gallery.ts";
import { mailedLink } from "../scripts/local-mail.ts";
import type { RunningSite } from "../scripts/site-server.ts";
import { newGalleryId } from "../studio/galleries/ids.ts";
import { hashGalleryPassword } from "../studio/galleries/password.ts";
import { GALLERY_SLICE } from "../worker/galleries/slices.ts";
import { labMetrics } from "./lighthouse.ts";
import type { BenchOptions } from "./options.ts";
import type { Row } from "./table.ts";
import { nextVisitor } from "./visitors.ts";

const PASSWORD = "bench-2026";

/** A gallery with a password, holding `files`; its id and a session cookie. */
async function gallery(
  site: RunningSite,
  files: readonly GalleryFile[],
  stage: "proofing" | "delivered" = "delivered",
) {
  const id = newGalleryId();
  await saveGalleryDocument(site, id, {
    title: "Bench",
    password: await hashGalleryPassword(PASSWORD),
    stage,
  });
  await uploadGalleryPhotos(site, id, files, 6);
  const unlocked = await fetch(`${site.url}/g/${id}/unlock`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ password: PASSWORD }),
    headers: { Origin: site.url, "CF-Connecting-IP": nextVisitor() },
  });
  const cookie = (unlocked.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { id, cookie };
}

/** The gallery's page, gzip-compressed, in bytes, as its client gets it. */
const pageGzip = async (site: RunningSite, g: { id: string; cookie: string }) => {
  const html = await (
    await fetch(`${site.url}/g/${g.id}`, { headers: { Cookie: g.cookie } })
  ).text();
  return gzipSync(html).length;
};

/**
 * The resident memory (KiB) of the workerd this process started: the site's runtime (the
 * benchmark runs one site at a time; other sites on the machine are not counted).
 */
async function workerdMemory(): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc").catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    const child = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === process.pid;
    if (child && /^Name:\s+workerd$/m.test(status)) {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    }
  }
  return total;
}

/**
 * The first view of each size of each photograph (nothing of it kept yet), in a proofing gallery
 * (the watermarked file the upload command made, from R2) and a delivered one (made by the Images
 * binding from the original), the same photographs in each: the median per size.
 */
async function firstViews(site: RunningSite, files: readonly GalleryFile[]) {
  const median = (values: number[]) => percentile(values, 50);
  const results: Record<string, number> = {};
  for (const stage of ["proofing", "delivered"] as const) {
    const g = await gallery(site, files, stage);
    const html = await (
      await fetch(`${site.url}/g/${g.id}`, { headers: { Cookie: g.cookie } })
    ).text();
    const photos = [...new Set([...html.matchAll(/\/photo\/([0-9a-f]{32})\//g)].map((m) => m[1]))];
    const times: number[] = [];
    for (const photo of photos) {
      for (const width of [480, 960, 1600]) {
        const at = performance.now();
        const res = await fetch(`${site.url}/g/${g.id}/photo/${photo}/${width}.webp?v=${stage}`, {
          headers: { Cookie: g.cookie },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`a ${stage} size answered ${res.status}`);
        times.push(performance.now() - at);
      }
    }
    results[stage] = median(times);
  }
  return results as { proofing: number; delivered: number };
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * A client's first screens, as the browser asks for them: the gallery's page, then the first 100
 * thumbnails (the grid's `src`, six at a time, as a browser's connection does), `rounds` times.
 * Each answer's `Server-Timing: gallery-check` says how it was checked: by the gallery's Durable
 * Object (`store`, one call) or by the page's grid pass (`pass`, none). With `withPass` false
 * the pass cookie is dropped: every thumbnail asks the store, as before grid passes.
 */
async function gridChecks(
  site: RunningSite,
  g: { id: string; cookie: string },
  rounds: number,
  withPass: boolean,
) {
  const totals: number[] = [];
  const thumbnails: number[] = [];
  let store = 0;
  let passed = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const page = await fetch(`${site.url}/g/${g.id}`, { headers: { Cookie: g.cookie } });
    const html = await page.text();
    const pass = page.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((cookie) => cookie.startsWith("gallery_pass="));
    const cookie = withPass && pass ? `${g.cookie}; ${pass}` : g.cookie;
    const srcs = [...html.matchAll(/<img src="(\/g\/[^"]+\/480\.webp[^"]*)"/g)]
      .map((match) => (match[1] ?? "").replaceAll("&amp;", "&"))
      .slice(0, 100);
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < srcs.length) {
          const src = srcs[next++] as string;
          const at = performance.now();
          const res = await fetch(`${site.url}${src}`, { headers: { Cookie: cookie } });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`a thumbnail answered ${res.status}`);
          thumbnails.push(performance.now() - at);
          const check = res.headers.get("Server-Timing") ?? "";
          if (check.includes('desc="pass"')) passed++;
          else if (check.includes('desc="store"')) store++;
        }
      }),
    );
    totals.push(performance.now() - started);
  }
  return {
    totals,
    thumbnails,
    callsPerPhoto: store / Math.max(1, store + passed),
    count: store + passed,
  };
}

/** Uploads `count` files of `size` random bytes (a ZIP does not look inside), signed. */
async function largeFiles(site: RunningSite, id: string, count: number, size: number) {
  const client = new SiteClient(
    { site: site.url, token: site.vars.SANITY_TOKEN as string, description: "bench", demo: true },
    2,
  );
  const photos: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(size);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const photo = sha256.slice(0, 32);
    const answer = await client.send({
      method: "PUT",
      path: photoPath(id, photo),
      sha256,
      length: bytes.length,
      body: () => Readable.from([bytes]),
      headers: {
        "Content-Type": "image/jpeg",
        "X-Photo-SHA256": sha256,
        "X-Photo-Name": `RAW_${String(i).padStart(4, "0")}.jpg`,
        "X-Photo-Width": "6000",
        "X-Photo-Height": "4000",
      },
    });
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`upload ${i}: ${answer.status} ${answer.text}`);
    }
    photos.push(photo);
  }
  return { client, photos };
}

/** Streams the gallery's ZIP, sampling the worker's memory; throughput and the memory's peak. */
async function measureZip(site: RunningSite, id: string, cookie: string) {
  const before = await workerdMemory();
  let peak = before;
  const sampler = setInterval(() => {
    void workerdMemory().then((kib) => {
      peak = Math.max(peak, kib);
    });
  }, 100);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${site.url}/g/${id}/download?set=all&size=original`, {
      headers: { Cookie: cookie },
    });
    if (!res.ok || !res.body) throw new Error(`the ZIP answered ${res.status}`);
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { bytes, seconds, beforeMiB: before / 1024, growthMiB: (peak - before) / 1024 };
}

/** The session's cookies with the client's e-mail confirmed by its link: what a favourite needs. */
async function choosing(site: RunningSite, id: string, cookie: string): Promise<string> {
  const email = "bench.client@example.com";
  const asked = await fetch(`${site.url}/g/${id}/client`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email }),
    headers: { Origin: site.url, Cookie: cookie },
  });
  // The link confirms the address only on the device that asked: with the cookie it was given.
  const asking = (asked.headers.get("Set-Cookie") ?? "").split(";")[0];
  const link = await mailedLink(site.output, email, "/client/confirm?");
  const confirmed = await fetch(link, { redirect: "manual", headers: { Cookie: asking ?? "" } });
  return `${cookie}; ${(confirmed.headers.get("Set-Cookie") ?? "").split(";")[0]}`;
}

async function favourite(site: RunningSite, id: string, cookies: string, photo: string) {
  const saved = await fetch(`${site.url}/g/${id}/favourites`, {
    method: "POST",
    body: new URLSearchParams({ photo, favourite: "true" }),
    headers: { Origin: site.url, Cookie: cookies, Accept: "application/json" },
  });
  if (!saved.ok) throw new Error(`the favourite answered ${saved.status}`);
  await saved.body?.cancel();
}

/** How long a favourite takes from the client's click to the gallery's document in the Studio. */
async function favouriteToStudio(site: RunningSite, id: string, cookie: string, photo: string) {
  const client = await choosing(site, id, cookie);
  const started = performance.now();
  await favourite(site, id, client, photo);
  const doc = `${site.content?.url}/v2025-02-19/data/doc/production/clientGallery.${id}`;
  const auth = { Authorization: `Bearer ${site.vars.SANITY_TOKEN}` };
  for (let attempt = 0; attempt < 200; attempt++) {
    const body = (await (await fetch(doc, { headers: auth })).json()) as {
      documents?: { selections?: { photos?: string[] }[] }[];
    };
    if (body.documents?.[0]?.selections?.some((s) => (s.photos ?? []).length > 0)) {
      return performance.now() - started;
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error("the favourite never reached the gallery's document");
}

/**
 * Lighthouse mobile on a gallery's unlocked page, its session cookie on every request: the
 * largest paint and the layout shift of a client's first view, against the public pages'
 * budgets. Run on the page of 1,000 photographs (the heaviest page) and on one of the demo's
 * six photographs (real ones, 1-2 MB each, as a client's are).
 */
async function unlockedFirstView(
  site: RunningSite,
  options: BenchOptions,
  galleries: readonly { label: string; open: () => Promise<{ id: string; cookie: string }> }[],
): Promise<Row[]> {
  const section = "galleries";
  const rows: Row[] = [];
  for (const { label, open } of galleries) {
    const metric = (name: string) => `unlocked gallery (${label}) ${name}`;
    if (options.skipLighthouse) {
      for (const name of ["performance", "LCP", "CLS"])
        rows.push({ section, metric: metric(name), unit: "", skipped: true });
      continue;
    }
    process.stderr.write(`bench: galleries, Lighthouse on an unlocked gallery (${label})\n`);
    const gallery = await open();
    const [m] = await labMetrics([`${site.url}/g/${gallery.id}`], {
      runs: options.lighthouseRuns,
      extraHeaders: { Cookie: gallery.cookie },
    });
    if (!m) throw new Error("Lighthouse gave no result for the gallery");
    rows.push(
      {
        section,
        metric: metric("performance"),
        note: "Lighthouse mobile, the session cookie on every request",
        value: m.performance,
        unit: "",
        budget: { op: ">=", limit: 100 },
      },
      {
        section,
        metric: metric("LCP"),
        value: m.lcp,
        unit: "ms",
        budget: { op: "<=", limit: 1000 },
        note: [
          m.lcpElement && `largest paint: ${m.lcpElement}`,
          `runs ${m.runs.lcp.map((v) => v.toFixed(0)).join(", ")} ms`,
        ]
          .filter(Boolean)
          .join("; "),
      },
      {
        section,
        metric: metric("CLS"),
        value: m.cls,
        unit: "",
        digits: 3,
        budget: { op: "=", limit: 0 },
      },
    );
  }
  return rows;
}

export async function galleryRows(site: RunningSite, options: BenchOptions): Promise<Row[]> {
  const section = "galleries";
  const { photos: count, zipFiles, zipFileBytes } = options.gallery;
  process.stderr.write(`bench: galleries, a page of ${count} photographs\n`);
  const small = await generatedGalleryFiles(count);
  try {
    const many = await gallery(site, small.files);
    const one = await gallery(site, small.files.slice(0, 1));
    // The first page holds one slice of the grid: the cost of each photograph on it.
    const onFirstPage = Math.min(count, GALLERY_SLICE);
    const perPhoto =
      ((await pageGzip(site, many)) - (await pageGzip(site, one))) / Math.max(1, onFirstPage - 1);
    const firstPhoto = /\/photo\/([0-9a-f]{32})\//.exec(
      await (await fetch(`${site.url}/g/${many.id}`, { headers: { Cookie: many.cookie } })).text(),
    )?.[1];
    // The grid's sizes are made (and kept) by a first round; the measured rounds are warm.
    await gridChecks(site, many, 1, true);
    const rounds = options.quick ? 2 : 20;
    const passRun = await gridChecks(site, many, rounds, true);
    const storeRun = await gridChecks(site, many, rounds, false);
    const gridRows: Row[] = [passRun, storeRun].flatMap((run, index) => {
      const how =
        index === 0 ? "with the grid pass" : "without it (every thumbnail asks the store)";
      return [
        {
          section,
          metric: `gallery page + first ${run.count / rounds} thumbnails, ${how}, p50`,
          value: percentile(run.totals, 50),
          unit: "ms",
          note: `${rounds} rounds, six thumbnails at a time; per thumbnail p50 ${percentile(run.thumbnails, 50).toFixed(1)} ms, p99 ${percentile(run.thumbnails, 99).toFixed(1)} ms`,
        },
        {
          section,
          metric: `gallery page + first ${run.count / rounds} thumbnails, ${how}, p99`,
          value: percentile(run.totals, 99),
          unit: "ms",
        },
        {
          section,
          metric: `Durable Object calls per photograph, ${how}`,
          value: run.callsPerPhoto,
          unit: "",
          digits: 2,
          budget: { op: "<=", limit: 1 },
          note: "from each answer's Server-Timing: gallery-check (before issue 36: 2)",
        },
      ];
    });
    // A quick run (the smoke test) needs the figure, not its precision: two photographs.
    const sizeViews = await firstViews(
      site,
      demoGalleryFiles().slice(0, options.quick ? 2 : undefined),
    );
    const toStudio = firstPhoto
      ? await favouriteToStudio(site, many.id, many.cookie, firstPhoto)
      : Number.NaN;

    const firstView = await unlockedFirstView(site, options, [
      { label: `${count} photographs`, open: async () => many },
      { label: "6 camera photographs", open: () => gallery(site, demoGalleryFiles()) },
    ]);

    process.stderr.write(
      `bench: galleries, a ZIP of ${zipFiles} × ${(zipFileBytes / 2 ** 20).toFixed(0)} MiB\n`,
    );
    const big = await gallery(site, []);
    const { client, photos } = await largeFiles(site, big.id, zipFiles, zipFileBytes);
    // Twice: the first stream lifts the runtime's allocator pools to where they then stay
    // (measured: +142 MiB, then +6, +16 and +3 MiB for three more gigabytes, each uploaded
    // first), so flat is the second's growth; the first's is in the note.
    const first = await measureZip(site, big.id, big.cookie);
    const zip = await measureZip(site, big.id, big.cookie);
    // The gigabyte stays out of the developer's local bucket.
    for (const photo of photos)
      await client.send({ method: "DELETE", path: photoPath(big.id, photo) });
    return [
      ...gridRows,
      {
        section,
        metric:
          "first view of a size, proofing ÷ delivered (watermarked file from R2 ÷ made by the Images binding)",
        value: sizeViews.proofing / sizeViews.delivered,
        unit: "",
        digits: 2,
        budget: { op: "<=", limit: 1.1 },
        note: `median of 480, 960 and 1600 of the demo's ${options.quick ? "first two" : "six"} photographs: proofing ${sizeViews.proofing.toFixed(1)} ms, delivered ${sizeViews.delivered.toFixed(1)} ms`,
      },
      {
        section,
        metric: `gallery page HTML per photograph, gzip (${count} photographs, ${GALLERY_SLICE} a page)`,
        value: perPhoto,
        unit: "B",
        budget: { op: "<=", limit: 600 },
        note: "the public grid's budget",
      },
      {
        section,
        metric: `ZIP of ${zip.bytes >= 2 ** 30 ? `${(zip.bytes / 2 ** 30).toFixed(2)} GiB` : `${(zip.bytes / 2 ** 20).toFixed(0)} MiB`}, throughput`,
        value: zip.bytes / 2 ** 20 / zip.seconds,
        unit: "MiB/s",
        digits: 0,
        note: `${zip.seconds.toFixed(1)} s, streamed from the local R2`,
      },
      {
        section,
        metric: "the worker's memory growth while the ZIP streams (again)",
        value: zip.growthMiB,
        unit: "MiB",
        digits: 1,
        budget: { op: "<=", limit: 64 },
        note: `a second ZIP of all; workerd's resident memory, ${zip.beforeMiB.toFixed(0)} MiB before; the first ZIP's: ${first.growthMiB.toFixed(1)} MiB`,
      },
      ...firstView,
      {
        section,
        metric: "favourite clicked → in the gallery's Studio document",
        value: toStudio,
        unit: "ms",
        budget: { op: "<=", limit: 5000 },
        note: "written back by the gallery's Durable Object a moment after the change",
      },
    ];
  } finally {
    await rm(small.dir, { recursive: true, force: true });
  }
}
