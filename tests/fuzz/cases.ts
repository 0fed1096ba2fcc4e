// The fuzz suite's requests: every target (each GET route's samples, the /_app endpoints, the
// feeds, static assets, unmatched paths) with every method, hostile query values and path
// segments, bodies of 0 B, 64 KiB and 10 MiB, as a browser and as a bot. Everything random comes
// from one seeded generator, so a seed names the same requests in the same order on every run.
import { resolve } from "node:path";
import { NO_GALLERY, ROUTE_SAMPLES } from "../support/route-samples.ts";
import { prng } from "../support/seeded-random.ts";

export const ROOT = resolve(import.meta.dirname, "../..");

export const DEFAULT_SEED = 0x5eed2026;

/** The seed of this run: `FUZZ_SEED` (decimal or 0x-hex) when set, else the default. */
export function fuzzSeed(value = process.env.FUZZ_SEED): number {
  if (value === undefined || value.trim() === "") return DEFAULT_SEED;
  const seed = Number(value.trim());
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`FUZZ_SEED must be an integer from 0 to 0xffffffff, got "${value}"`);
  }
  return seed;
}

export const hex = (seed: number) => `0x${seed.toString(16)}`;

/** A desktop Chrome: isbot() takes agents it does not know (curl, Node) for bots. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export const USER_AGENTS = {
  browser: BROWSER_UA,
  bot: BOT_UA,
  empty: "",
  "script-ua": "<script>fuzzXSS()</script>",
  "8k-ua": `Mozilla/5.0 ${"x".repeat(8000)}`,
} as const;
export type UaName = keyof typeof USER_AGENTS;

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"];
/**
 * The methods sent with bodies. GET and HEAD go without: the Fetch standard and browsers refuse
 * a body on them. (Over a raw socket, a GET with a body that the answer leaves unread breaks the
 * local proxy's connection to workerd like an unread upload does; it is not a case here.)
 */
export const BODY_METHODS = METHODS.filter((method) => method !== "GET" && method !== "HEAD");
export const KIB = 1024;
export const SMALL_BODY = 64 * KIB;
export const LARGE_BODY = 10 * KIB * KIB;
const CONTENT_TYPES = [
  "application/octet-stream",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "text/plain",
];

/** Marks every script payload, so the checks look for it and not for the site's own markup. */
export const XSS_MARKER = "fuzzXSS";
/** An 8 KiB value; a body holding more than 1 KiB of it echoes what it must cut. */
export const LONG = `fuzzlong${"l".repeat(8 * KIB - 8)}`;

/**
 * Hostile query values, as they go on the wire after `=` (already percent-encoded where a
 * client must encode; `<`, `'`, `\` raw where a client may send them raw).
 */
export const HOSTILE_VALUES: readonly string[] = [
  // Control characters: tab, line feed, CR LF, NUL, escape, DEL, backspace; around a host too.
  "/%09/evil.example",
  "/%09%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "%0D%0ASet-Cookie:%20fuzz=1",
  "%00",
  "a%00b",
  "%1B%5B31m",
  "%7F",
  "%08",
  // Encoded slashes and backslashes.
  "%2F%2Fevil.example",
  "%2F%5Cevil.example",
  "/%2Fevil.example",
  "/%5Cevil.example",
  "..%2F..%2Fetc%2Fpasswd",
  "%252F%252Fevil.example",
  // Other hosts: scheme-relative, backslashed, absolute, dot-segments.
  "//evil.example",
  "//evil.example/%2e%2e",
  "/\\evil.example",
  "\\\\evil.example",
  "///evil.example",
  "/.//evil.example",
  "%20//evil.example",
  "https://evil.example/",
  "https:evil.example",
  // Script URLs.
  `javascript:${XSS_MARKER}()`,
  `JaVaScRiPt:${XSS_MARKER}()`,
  `java%09script:${XSS_MARKER}()`,
  `%20javascript:${XSS_MARKER}()`,
  `data:text/html,%3Cscript%3E${XSS_MARKER}()%3C/script%3E`,
  // Markup, raw and encoded.
  `<script>${XSS_MARKER}()</script>`,
  `%3Cscript%3E${XSS_MARKER}()%3C%2Fscript%3E`,
  `%22%3E%3Cimg%20src%3Dx%20onerror%3D${XSS_MARKER}()%3E`,
  `'><svg/onload=${XSS_MARKER}()>`,
  `%3C%2Ftitle%3E%3Cscript%3E${XSS_MARKER}()%3C%2Fscript%3E`,
  // Unicode: accents, a right-to-left override, emoji, fullwidth solidi, a lone surrogate and
  // overlong or invalid UTF-8.
  "caf%C3%A9",
  "%E2%80%AEfuzz",
  "%F0%9F%93%B8",
  "%EF%BC%8F%EF%BC%8Fevil.example",
  "%ED%A0%80",
  "%C0%AF",
  "%FF%FE",
  // Malformed escapes.
  "%",
  "%zz",
  "%E0%A4%A",
  // 8 KiB.
  LONG,
  "%3Cscript%3E".repeat(683),
  "",
];

/** Hostile path segments (wire form), for the places of the route patterns. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  "%09",
  "%0A",
  "%0D%0ASet-Cookie:%20fuzz=1",
  "%00",
  "%7F",
  "%2F%2Fevil.example",
  "%5Cevil.example",
  "\\evil.example",
  "/evil.example",
  "%09/evil.example",
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%5C..%5Cwindows%5Cwin.ini",
  "%252e%252e%252f",
  ".env",
  ".dev.vars",
  `javascript:${XSS_MARKER}()`,
  `<script>${XSS_MARKER}()</script>`,
  `%3Cscript%3E${XSS_MARKER}()%3C%2Fscript%3E`,
  `%22%3E%3Cimg%20src%3Dx%20onerror%3D${XSS_MARKER}()%3E`,
  `'><svg/onload=${XSS_MARKER}()>`,
  "caf%C3%A9",
  "%E2%80%AE",
  "%F0%9F%93%B8",
  "%EF%BD%83ontact",
  "%ED%A0%80",
  "%C0%AF",
  "%",
  "%zz",
  "%E0%A4%A",
  LONG,
  "./contact",
  "contact/.",
  "%2e",
  "%%",
  "100%",
  // Template and prototype injections.
  "%7B%7Bconstructor.constructor('fuzzXSS()')()%7D%7D",
  "$%7BfuzzXSS()%7D",
  "Bad_Slug",
  "UPPER",
  "a--b",
  "-a",
  "__proto__",
];

/** Where a segment goes: a place in every route pattern, the endpoints and the static files. */
export const SEGMENT_PLACES: readonly ((segment: string) => string)[] = [
  (s) => `/${s}`,
  (s) => `/${s}/`,
  (s) => `/post/${s}`,
  (s) => `/${s}/photo/cover`,
  (s) => `/post/autumn-in-the-basque-mountains/photo/${s}`,
  (s) => `/archive/page/${s}`,
  (s) => `/_app/builds/meta/${s}.json`,
  (s) => `/_app/preview/${s}`,
  (s) => `/assets/${s}`,
  (s) => `/a/${s}/c`,
  (s) => `/${s}/sitemap.xml`,
];

/** Parameters nothing reads, and names some sites do read: the values go there too. */
export const ANY_PARAMS = ["q", "page", "photo", "x", "_fresh", "redirect", "url", "next"];

/** Request headers with payloads, for the seeded random requests. */
export const HEADER_SETS: readonly Record<string, string>[] = [
  {},
  { Accept: "text/html" },
  { Accept: "application/json", "Accept-Language": `<script>${XSS_MARKER}()</script>` },
  { Referer: `javascript:${XSS_MARKER}()`, Cookie: `portfolio_preview=<script>${XSS_MARKER}()` },
  {
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "gopher",
    Forwarded: "host=evil.example",
  },
  { "X-HTTP-Method-Override": "DELETE", "X-Original-URL": "/../../etc/passwd" },
  { "If-None-Match": `"><img src=x onerror=${XSS_MARKER}()>`, Range: "bytes=0-1,5-" },
  { "Accept-Encoding": "gzip, deflate, br" },
];

export type Group = "route" | "app" | "feed" | "static" | "unmatched";

/** One address the suite requests. */
export interface Target {
  /** A route's pattern, as the app registers it (route-samples.ts); otherwise what it is. */
  name: string;
  group: Group;
  path: string;
  /** Query parameters the worker reads at this path. */
  params?: readonly string[];
  /** The status of a plain GET from a browser: proves the sample reaches what it names. */
  expect: number;
}

/** What the running build adds: its id and its static files (paths under the site's root). */
export interface BuildFacts {
  buildId: string;
  assets: readonly string[];
}

/** Every target: a sample of each route, the running build's own, assets, unmatched paths. */
export function targets(build: BuildFacts): Target[] {
  const list: Target[] = Object.entries(ROUTE_SAMPLES).flatMap(([name, samples]) =>
    samples.map(
      ({ path, expect, params, group }): Target => ({
        name,
        group: group ?? "route",
        path,
        expect,
        ...(params ? { params } : {}),
      }),
    ),
  );
  list.push(
    {
      name: "builds-meta",
      group: "app",
      path: `/_app/builds/meta/${build.buildId}.json`,
      expect: 200,
    },
    // A gallery's form posts only: a GET of its address is a 405 that says so. So is the
    // webhook's.
    { name: "gallery-unlock", group: "app", path: `/g/${NO_GALLERY}/unlock`, expect: 405 },
    { name: "publish-webhook", group: "app", path: "/_app/hooks/sanity", expect: 405 },
    // Likewise a print bought from a gallery, and the lab's callback (an order's made-up secret).
    {
      name: "gallery-buy",
      group: "app",
      path: `/g/${NO_GALLERY}/p/${"0".repeat(32)}/buy`,
      expect: 405,
    },
    {
      name: "lab-callback",
      group: "app",
      path: `/_app/store/lab/${"a".repeat(32)}/${"b".repeat(43)}`,
      expect: 405,
    },
    ...build.assets.map((path) => ({
      name: `static ${path}`,
      group: "static" as const,
      path,
      expect: 200,
    })),
    { name: "unmatched", group: "unmatched", path: "/a/b/c", expect: 404 },
    { name: "unmatched-post", group: "unmatched", path: "/post", expect: 404 },
    { name: "unmatched-post-deep", group: "unmatched", path: "/post/a/b", expect: 404 },
    {
      name: "unmatched-asset",
      group: "unmatched",
      path: "/assets/missing-00000000.js",
      expect: 404,
    },
    { name: "unmatched-app", group: "unmatched", path: "/_app/unknown", expect: 404 },
    { name: "trailing-slash", group: "unmatched", path: "/contact/", expect: 301 },
  );
  return list;
}

/** One request of the run. */
export interface Case {
  /** Its place in the run's order: `FUZZ_SEED` plus this id name the request exactly. */
  id: number;
  phase: "matrix" | "query" | "path" | "random" | "large";
  /** The target's name, or the hostile segment's place. */
  target: string;
  method: string;
  /** The request-target as sent, raw. */
  path: string;
  bodySize: number;
  contentType?: string;
  ua: UaName;
  headers: Record<string, string>;
  /** The same request with another user agent shares this key: their answers are compared. */
  pair: string;
}

type Spec = Omit<Case, "id" | "ua" | "pair"> & { uas: readonly UaName[] };

const BOTH: readonly UaName[] = ["browser", "bot"];
/** Targets each hostile value visits as a parameter nothing reads. */
const TARGETS_PER_VALUE = 4;

/** The run's requests in their order, for a seed. */
export function generateCases(seed: number, build: BuildFacts, options = { random: 120 }): Case[] {
  const random = prng(seed);
  const all = targets(build);
  const specs: Spec[] = [];
  const body = (size: number) =>
    size === 0 ? { bodySize: 0 } : { bodySize: size, contentType: random.pick(CONTENT_TYPES) };

  // 1. Every target × every method × the bodies the method can carry, as a browser and a bot
  // (and, for GET, with no user agent at all). Static files get no uploads: Workers Static
  // Assets answers them before the worker runs (at the edge, Cloudflare's asset service; here,
  // miniflare's), with a 405 that leaves the body unread, which breaks the local proxy's
  // connection to workerd and fails whatever request uses it next. No code of the site can
  // reach that; it is a limit of the local proxy only.
  for (const target of all) {
    for (const method of METHODS) {
      const sizes =
        BODY_METHODS.includes(method) && target.group !== "static" ? [0, SMALL_BODY] : [0];
      for (const size of sizes) {
        specs.push({
          phase: "matrix",
          target: target.name,
          method,
          path: target.path,
          ...body(size),
          headers: {},
          uas: method === "GET" ? [...BOTH, "empty"] : BOTH,
        });
      }
    }
  }

  // 2. Every hostile value in every query parameter a target reads, as a GET; and in one it
  // does not read (or as a bare key, now and then with another method) on a few targets per
  // value, in turn, so that every target gets its share of values.
  const readers = all.filter((target) => target.params?.length);
  for (const target of readers) {
    for (const name of target.params ?? []) {
      for (const value of HOSTILE_VALUES) {
        specs.push({
          phase: "query",
          target: target.name,
          method: "GET",
          path: `${target.path}?${name}=${value}`,
          bodySize: 0,
          headers: {},
          uas: BOTH,
        });
      }
    }
  }
  let turn = random.int(all.length);
  for (const value of HOSTILE_VALUES) {
    for (let n = 0; n < TARGETS_PER_VALUE; n++) {
      const target = all[turn++ % all.length] as Target;
      const query = random.chance(0.1) ? value : `${random.pick(ANY_PARAMS)}=${value}`;
      specs.push({
        phase: "query",
        target: target.name,
        method: random.chance(0.8) ? "GET" : random.pick(METHODS),
        path: `${target.path}?${query}`,
        bodySize: 0,
        headers: {},
        uas: BOTH,
      });
    }
  }

  // 3. Every hostile segment in every place of the route patterns, as a browser, and for half
  // of them (seeded) as a bot too.
  SEGMENT_PLACES.forEach((place, index) => {
    for (const segment of HOSTILE_SEGMENTS) {
      const method = random.chance(0.75) ? "GET" : random.pick(["HEAD", "OPTIONS", "POST"]);
      const uas: readonly UaName[] = random.chance(0.5) ? BOTH : ["browser"];
      specs.push({
        phase: "path",
        target: `segment place ${index + 1}`,
        method,
        path: place(segment),
        bodySize: 0,
        headers: {},
        uas,
      });
    }
  });

  // 4. Seeded random mixtures: any target or segment place, any method, body, query values,
  // request headers, and now and then a hostile user agent beside the browser and the bot.
  for (let i = 0; i < options.random; i++) {
    // TRACE too, which browsers may not send but a socket can.
    const method = random.pick([...METHODS, "TRACE"]);
    const size = BODY_METHODS.includes(method) && random.chance(0.5) ? SMALL_BODY : 0;
    // Static files never get a body (see phase 1).
    const targets = size > 0 ? all.filter((target) => target.group !== "static") : all;
    let path = random.chance(0.6)
      ? random.pick(targets).path
      : random.pick(SEGMENT_PLACES)(random.pick(HOSTILE_SEGMENTS));
    const params = random.int(4);
    for (let p = 0; p < params; p++) {
      const name = random.chance(0.2) ? random.pick(HOSTILE_VALUES) : random.pick(ANY_PARAMS);
      path += `${p === 0 ? "?" : "&"}${name}=${random.pick(HOSTILE_VALUES)}`;
    }
    const extra = random.pick<UaName | undefined>([undefined, "empty", "script-ua", "8k-ua"]);
    specs.push({
      phase: "random",
      target: "random",
      method,
      path,
      ...body(size),
      headers: random.pick(HEADER_SETS),
      uas: extra ? [...BOTH, extra] : BOTH,
    });
  }

  // 5. 10 MiB bodies, expensive: for each group of targets the worker answers, one seeded
  // target and method (static files: see phase 1).
  for (const group of ["route", "app", "feed", "unmatched"] as const) {
    const target = random.pick(all.filter((t) => t.group === group));
    const method = random.pick(BODY_METHODS);
    specs.push({
      phase: "large",
      target: target.name,
      method,
      path: target.path,
      ...body(LARGE_BODY),
      headers: {},
      uas: ["browser"],
    });
  }

  const cases: Case[] = [];
  for (const { uas, ...spec } of specs) {
    const pair = `${spec.method} ${spec.path} ${spec.bodySize} ${JSON.stringify(spec.headers)}`;
    for (const ua of uas) cases.push({ ...spec, id: cases.length, ua, pair });
  }
  return cases;
}
