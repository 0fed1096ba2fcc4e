// Starts the production build locally: the worker in workerd, through Miniflare with the
// bindings wrangler makes of the built config, and, when no Sanity project is configured, the
// embedded demo content service. Shared by `npm start`, the browser tests and the benchmark, so
// all three run the same thing.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Unstable_MiniflareWorkerOptions } from "wrangler";
import type { CalendarStandIn } from "../demo/calendar/server.ts";
import { insightsSeed } from "../demo/insights/seed.ts";
import type { Latency } from "../demo/server/data-route.ts";
import type { ContentService } from "../demo/server/server.ts";
import type { StoreStandIns } from "../demo/store/standins.ts";
import { VAR_NAMES, type VarName } from "../worker/config/vars.ts";
import { BASEMAP_FILE, BASEMAP_KEY, buildBasemap } from "./basemap.ts";

export const ROOT = resolve(import.meta.dirname, "..");

/** The settings `npm start` passes on to the worker: every var the worker reads. */
export const CONFIG_KEYS = VAR_NAMES;
export type ConfigKey = VarName;
export type SiteVars = Partial<Record<ConfigKey, string>>;

export interface SiteOptions {
  /** 0 or none: a free port, picked by the runtime as it listens. */
  port?: number;
  /** Settings; unset ones come from the environment and `.dev.vars`. */
  vars?: SiteVars;
  /**
   * Only the given vars, ignoring the environment and `.dev.vars`, and local state of its own
   * (Durable Objects, D1, R2, caches, in a temporary folder removed on close): tests and
   * benchmarks, which run several sites at once. Without it, the site keeps wrangler's
   * `.wrangler/state`, as a developer expects of `npm start`.
   */
  isolated?: boolean;
  /** Options for the demo content service, when it is used. */
  demo?: { latencyMs?: Latency } & DemoFiles;
  /** Forward the worker's output (logs) to this process. */
  inheritOutput?: boolean;
  /** Append the worker's output to this file too, for another process to read (its e-mails). */
  logFile?: string;
  /**
   * Trace every request with the runtime's local trace collector (`X_LOCAL_OBSERVABILITY` turns
   * it on in wrangler dev). Off by default, as in the deployed worker, which keeps logs but not
   * traces (wrangler.toml). The suites that hunt for I/O shared between requests turn it on:
   * only with a request's trace context does the runtime report such sharing at all.
   */
  traces?: boolean;
}

export interface RunningSite {
  url: string;
  /** The demo content service, when the site runs on it. */
  content: ContentService | undefined;
  /** The store's stand-ins for Stripe and the lab, when the demo runs without Stripe keys. */
  store: StoreStandIns | undefined;
  /** The stand-in for the owner's own calendar, when the demo runs without one of theirs. */
  calendar: CalendarStandIn | undefined;
  vars: SiteVars;
  /** Everything the worker printed so far (its log lines). */
  output: () => string;
  close(): Promise<void>;
}

/** Every KEY=value line of a dotenv file (# comments, optional quotes); none when it is missing. */
export function readDotenv(file = resolve(ROOT, ".dev.vars")): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/** The worker's settings in `.dev.vars` (dotenv syntax). */
export function readDevVars(file = resolve(ROOT, ".dev.vars")): SiteVars {
  const vars: SiteVars = {};
  for (const [key, value] of Object.entries(readDotenv(file))) {
    if (CONFIG_KEYS.includes(key as ConfigKey)) vars[key as ConfigKey] = value;
  }
  return vars;
}

/** The effective settings: explicit vars, then the environment, then `.dev.vars`. */
export function resolveVars(options: Pick<SiteOptions, "vars" | "isolated">): SiteVars {
  // Everything these scripts start runs on a developer's machine (see worker/config/vars.ts).
  const local: SiteVars = { ENVIRONMENT: "development" };
  if (options.isolated) return { ...local, ...options.vars };
  const fromEnv: SiteVars = {};
  for (const key of CONFIG_KEYS) {
    const value = process.env[key];
    if (value !== undefined && value !== "") fromEnv[key] = value;
  }
  return { ...local, ...readDevVars(), ...fromEnv, ...options.vars };
}

export function usesDemoContent(vars: SiteVars): boolean {
  return !vars.SANITY_PROJECT_ID && !vars.SANITY_API_HOST;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Where the demo content service reads its documents and photographs (default: demo/dataset). */
export interface DemoFiles {
  /** NDJSON export, e.g. a larger dataset generated for a benchmark. */
  datasetFile?: string;
  /** Folder of the original images the dataset's assets name. */
  imagesDir?: string;
}

/** `token` enables the demo's mutation API and private reads for requests that carry it. */
export async function startDemoContent(
  latencyMs: Latency = 0,
  token?: string,
  files: DemoFiles = {},
): Promise<ContentService> {
  // Loaded when a service is started: the tools that only read settings from this module (the
  // importer) then never load the image library behind it.
  const { startContentService } = await import("../demo/server/server.ts");
  return startContentService({
    datasetFile: files.datasetFile ?? resolve(ROOT, "demo/dataset/production.ndjson"),
    imagesDir: files.imagesDir ?? resolve(ROOT, "demo/dataset/images"),
    latencyMs,
    ...(token === undefined ? {} : { token }),
  });
}

/**
 * The embedded demo as the site's content service, with a read token and a webhook secret
 * made up for this run (the demo keeps drafts private and accepts changes with the token, so
 * draft preview and publishing work locally as they do with Sanity), and the settings that
 * point the worker at it.
 */
export async function startDemoSite(
  latencyMs: Latency = 0,
  files: DemoFiles = {},
): Promise<{ content: ContentService; vars: SiteVars }> {
  const token = randomBytes(24).toString("base64url");
  const content = await startDemoContent(latencyMs, token, files);
  return {
    content,
    vars: {
      SANITY_PROJECT_ID: "demo",
      SANITY_DATASET: "production",
      SANITY_API_HOST: content.url,
      SANITY_USE_CDN: "false",
      SANITY_TOKEN: token,
      SANITY_WEBHOOK_SECRET: randomBytes(24).toString("base64url"),
    },
  };
}

/** Runs a wrangler command on local state (a site's own folder, or `.wrangler/state`). */
function wranglerLocal(args: string[], state: string | undefined): Promise<void> {
  return new Promise<void>((done, fail) => {
    let output = "";
    const command = spawn(
      resolve(ROOT, "node_modules/.bin/wrangler"),
      [...args, "--local", ...(state ? ["--persist-to", state] : [])],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          CI: "true",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_SEND_METRICS: "false",
          NO_COLOR: "1",
        },
      },
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    command.stdout?.on("data", collect);
    command.stderr?.on("data", collect);
    command.once("error", fail);
    command.once("exit", (code) =>
      code === 0
        ? done()
        : fail(new Error(`wrangler ${args.join(" ")} (exit ${code}):\n${output}`)),
    );
  });
}

/** The demo's basemap file (scripts/basemap.ts), made the first time it is needed. */
function basemapFile(): string {
  if (!existsSync(BASEMAP_FILE)) {
    mkdirSync(dirname(BASEMAP_FILE), { recursive: true });
    // Written whole, then renamed: several sites may start at once (npm test).
    const partial = `${BASEMAP_FILE}.${process.pid}.partial`;
    writeFileSync(partial, buildBasemap());
    renameSync(partial, BASEMAP_FILE);
  }
  return BASEMAP_FILE;
}

/** The demo's originals, named as their public copies in demo/dataset/images/ are. */
const ORIGINALS_DIR = resolve(ROOT, "demo/dataset/originals");
const originalNames = () =>
  readdirSync(ORIGINALS_DIR)
    .filter((name) => name.endsWith(".jpg"))
    .sort();

/**
 * The demo's originals into the `ORIGINALS` bucket, under their public copies' asset ids, as
 * `npm run import` puts a deploy's (shared/public-size.ts): one `wrangler r2 bulk put`.
 */
async function loadOriginals(state: string | undefined): Promise<void> {
  const manifest = resolve(ROOT, ".wrangler/originals.json");
  const entries = originalNames().map((name) => ({
    key: `image-${name.replace(/\.jpg$/, "")}-jpg`,
    file: join(ORIGINALS_DIR, name),
  }));
  mkdirSync(dirname(manifest), { recursive: true });
  writeFileSync(manifest, JSON.stringify(entries));
  const bucket = "photo-portfolio-originals";
  await wranglerLocal(
    ["r2", "bulk", "put", bucket, "--filename", manifest, "--content-type", "image/jpeg"],
    state,
  );
}

/**
 * Prepares local state as a deploy's would be: the demo's basemap in the `BASEMAP` bucket, its
 * originals in `ORIGINALS` and the store's D1 migrations applied (as
 * `wrangler d1 migrations apply --remote` does), in a site's own folder or in `.wrangler/state`.
 */
async function prepareState(state: string | undefined): Promise<void> {
  const loaded = `${BASEMAP_FILE}.loaded`;
  const r2 = existsSync(resolve(ROOT, ".wrangler/state/v3/r2"));
  if (state || !(existsSync(loaded) && r2)) {
    const object = `photo-portfolio-basemap/${BASEMAP_KEY}`;
    await wranglerLocal(["r2", "object", "put", object, "--file", basemapFile()], state);
    if (!state) writeFileSync(loaded, "");
  }
  // Put again when the demo's originals change (the marker names the ones put).
  const originals = resolve(ROOT, ".wrangler/originals.loaded");
  const names = originalNames().join("\n");
  if (state || !(r2 && existsSync(originals) && readFileSync(originals, "utf8") === names)) {
    await loadOriginals(state);
    if (!state) writeFileSync(originals, names);
  }
  await wranglerLocal(["d1", "migrations", "apply", "STORE_DB"], state);
  if (!state) await seedInsights();
}

/**
 * `npm start`'s insights: the weeks before today, made up (demo/insights/seed.ts), so the Studio's
 * dashboard is not empty; once a day, into `.wrangler/state` only (sites started for tests count
 * their own).
 */
async function seedInsights(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const marker = resolve(ROOT, ".wrangler/insights-seeded");
  if (existsSync(marker) && readFileSync(marker, "utf8") === today) return;
  const file = join(mkdtempSync(join(tmpdir(), "insights-")), "seed.sql");
  writeFileSync(file, insightsSeed());
  try {
    await wranglerLocal(["d1", "execute", "STORE_DB", "--file", file, "--yes"], undefined);
    writeFileSync(marker, today);
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

let prepared: Promise<void> | undefined;

/**
 * `.wrangler/state`, prepared once per process: the basemap stays (it is put once), and applied
 * migrations are recorded in the database and skipped the next time.
 */
export function prepareSharedState(): Promise<void> {
  prepared ??= prepareState(undefined);
  return prepared;
}

/**
 * A new state folder for an isolated site, copied from a prepared one. Preparing costs three
 * wrangler processes (about 10 s of CPU) and npm test starts some twenty sites, so it is done
 * once per basemap, originals, migrations and bindings, in `.wrangler/site-state/`.
 */
async function isolatedState(): Promise<string> {
  const hash = createHash("sha256").update(readFileSync(basemapFile()));
  hash.update(readFileSync(resolve(ROOT, "wrangler.toml"))).update(originalNames().join("\n"));
  const migrations = resolve(ROOT, "migrations");
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  const parent = resolve(ROOT, ".wrangler/site-state");
  const template = join(parent, hash.digest("hex").slice(0, 16));
  if (!existsSync(template)) {
    mkdirSync(parent, { recursive: true });
    const partial = mkdtempSync(`${template}.partial-`);
    await prepareState(partial);
    try {
      // Whole or not at all: several sites may start at once, and the first rename wins.
      renameSync(partial, template);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const state = mkdtempSync(join(tmpdir(), "portfolio-state-"));
  cpSync(template, state, { recursive: true });
  return state;
}

/** The build's config, where `vite build` points wrangler at it. */
function builtConfig(): string {
  const redirect = resolve(ROOT, ".wrangler/deploy");
  return resolve(
    redirect,
    JSON.parse(readFileSync(join(redirect, "config.json"), "utf8")).configPath,
  );
}

/**
 * What wrangler makes of the built config for Miniflare (the bindings, the assets, the Durable
 * Objects' classes), kept per build: importing wrangler costs more than a second of CPU, and
 * npm test starts some twenty sites. Without the config's vars, which come from the site.
 */
async function miniflareOptions(config: string): Promise<Unstable_MiniflareWorkerOptions> {
  const text = readFileSync(config, "utf8");
  const key = createHash("sha256").update(config).update(text).digest("hex").slice(0, 16);
  const kept = resolve(ROOT, `.wrangler/site-state/miniflare-${key}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, "utf8"));
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const options = unstable_getMiniflareWorkerOptions(config);
  // It also reads a .dev.vars beside the config, which has no place in a file of its own.
  options.workerOptions.bindings = undefined;
  mkdirSync(dirname(kept), { recursive: true });
  const partial = `${kept}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(options));
  renameSync(partial, kept);
  return options;
}

/**
 * The built worker in one workerd that listens on the port itself. `wrangler dev` would put a
 * second workerd in front (its proxy, for live reload and restarts) that keeps its connections
 * to the worker's for later requests and drops each one after 5 s idle, as the worker's side
 * does: a request sent on one at that moment is lost, and wrangler answers it with a 500
 * ("Network connection lost.") unless it is a GET or HEAD, which it sends again. Bursts on a
 * busy machine met that moment often.
 */
async function startRuntime(
  vars: SiteVars,
  options: SiteOptions,
  write: (line: string) => void,
  state: string | undefined,
) {
  const { convertV4MiniflareOptions, Log, LogLevel, Miniflare } = await import("miniflare");
  const config = builtConfig();
  const { workerOptions, main } = await miniflareOptions(config);
  const built = dirname(config);
  const modules = readdirSync(built, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ type: "ESModule" as const, path: join(built, file) }))
    // The entry first: Miniflare takes the first module as the worker's main module.
    .sort((a, b) => Number(b.path === main) - Number(a.path === main));
  class SiteLog extends Log {
    protected override log(message: string) {
      write(message);
    }
  }
  const runtime = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port ?? 0,
      cf: false,
      log: new SiteLog(LogLevel.INFO),
      // Each request's line, for a developer watching `npm start`; tests read other lines.
      logRequests: Boolean(options.inheritOutput),
      handleStructuredLogs: ({ level, message }) =>
        write(
          level === "error"
            ? `✘ [ERROR] ${message}`
            : level === "warn"
              ? `▲ [WARNING] ${message}`
              : message,
        ),
      unsafeObservability: Boolean(options.traces),
      // `/cdn-cgi/local/scheduled`: the Cron Trigger on demand (`npm run schedule`), on this
      // local server only.
      unsafeTriggerHandlers: true,
      resourcePersistencePath: join(state ?? resolve(ROOT, ".wrangler/state"), "v3"),
      workers: [
        {
          ...workerOptions,
          modulesRules: undefined,
          modulesRoot: built,
          modules,
          // The config's vars (all empty: unset), then the site's, secrets too: they reach
          // workerd through its configuration, on no command line.
          bindings: { ...JSON.parse(readFileSync(config, "utf8")).vars, ...vars },
        },
      ],
    }),
  );
  try {
    return { url: await runtime.ready, dispose: () => runtime.dispose() };
  } catch (error) {
    await runtime.dispose().catch(() => undefined);
    throw error;
  }
}

/** Serves the built site (run `npm run build` first) at http://127.0.0.1:{port}. */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  if (!existsSync(resolve(ROOT, ".wrangler/deploy/config.json"))) {
    throw new Error("No build found: run `npm run build` first.");
  }
  const vars = resolveVars(options);
  const state = options.isolated ? isolatedState() : prepareSharedState().then(() => undefined);
  // Awaited below, after the demo content has started; a failure is thrown there.
  state.catch(() => undefined);
  let content: ContentService | undefined;
  let store: StoreStandIns | undefined;
  let calendar: CalendarStandIn | undefined;
  const closeStandIns = async () => {
    await content?.close();
    await store?.close();
    await calendar?.close();
  };
  if (usesDemoContent(vars)) {
    const { latencyMs, ...files } = options.demo ?? {};
    const demo = await startDemoSite(latencyMs, files);
    content = demo.content;
    Object.assign(vars, demo.vars);
    // The demo sells too: on stand-ins for Stripe and the lab, unless Stripe keys were given.
    if (!vars.STRIPE_SECRET_KEY && !vars.STRIPE_WEBHOOK_SECRET) {
      const { startStoreStandIns } = await import("../demo/store/standins.ts");
      try {
        store = await startStoreStandIns();
      } catch (error) {
        await content.close();
        throw error;
      }
      Object.assign(vars, store.vars);
    }
    // Booking reads the owner's busy times from a stand-in for their calendar, unless given one.
    if (!vars.BOOKING_BUSY_FEED_URL) {
      const { startCalendarStandIn } = await import("../demo/calendar/server.ts");
      try {
        calendar = await startCalendarStandIn();
      } catch (error) {
        await closeStandIns();
        throw error;
      }
      vars.BOOKING_BUSY_FEED_URL = calendar.url;
    }
  }

  let stateFolder: string | undefined;
  try {
    stateFolder = await state;
  } catch (error) {
    await closeStandIns();
    throw error;
  }
  let log = "";
  const write = (line: string) => {
    log += `${line}\n`;
    if (log.length > 2_000_000) log = log.slice(-1_000_000);
    if (options.inheritOutput) console.log(line);
    if (options.logFile) appendFileSync(options.logFile, `${line}\n`);
  };
  let runtime: { url: URL; dispose(): Promise<void> };
  try {
    runtime = await startRuntime(vars, options, write, stateFolder);
  } catch (error) {
    if (stateFolder) rmSync(stateFolder, { recursive: true, force: true });
    await closeStandIns();
    throw error;
  }
  const url = runtime.url.origin;
  const close = async () => {
    await runtime.dispose();
    if (stateFolder) rmSync(stateFolder, { recursive: true, force: true });
    await closeStandIns();
  };
  // Stripe's events go to the site's webhook, now that it answers.
  store?.setWebhookUrl(`${url}/_app/store/stripe`);
  return { url, content, store, calendar, vars, output: () => log, close };
}
