// What every answer to a fuzz case must satisfy, and the compact report of what did not: one
// line per kind of failure, with its count and the first request that showed it.
import { splitLanguage } from "../../worker/content/paths.ts";
import { securityHeaderProblems } from "../support/security-headers.ts";
import { type Case, LONG, XSS_MARKER } from "./cases.ts";
import type { Answer } from "./client.ts";

export const CHECKS = {
  answer: "every request answered completely, below 500 (or a 503 saying when to try again)",
  leak: "no stack trace, local path, runtime error or secret in a body",
  redirect: "no Location that leaves the origin or holds a control character",
  reflection: "nothing sent comes back unescaped, injected into headers or echoed whole",
  headers: "the security headers on every answer, no cookie on public answers",
  methods: "read-only methods: OPTIONS 204, others 405 with Allow, HEAD without a body",
  vary: "bots and browsers get the same answer, or one marked Vary: User-Agent and kept from the edge cache",
} as const;
export type Check = keyof typeof CHECKS;

export interface Problem {
  check: Check;
  /** What went wrong, stable across requests: failures group by it. */
  kind: string;
  /** This request's evidence (a header, a body excerpt). */
  detail: string;
}

export interface CheckContext {
  /** http://127.0.0.1:{port}, the origin every request went to. */
  origin: string;
  /** The project's directory: a body naming it names local files. */
  root: string;
  /** Values that must never reach a visitor (the Sanity token, the webhook secret). */
  secrets: readonly string[];
  /** For a path that names a static file: the security headers public/_headers gives it. */
  staticHeaders(path: string): Map<string, string> | undefined;
}

/** The path part of a raw request-target ("//x" stays a path). */
export function pathnameOf(target: string): string {
  try {
    const pathname = new URL(`http://x${target.startsWith("/") ? "" : "/"}${target}`).pathname;
    try {
      return decodeURIComponent(pathname);
    } catch {
      return pathname;
    }
  } catch {
    return target;
  }
}

const SECURITY_HEADER =
  /^(?:x-|content-security-policy|referrer-policy|strict-transport-security|permissions-policy|cross-origin-)/i;

/**
 * The security headers Workers Static Assets adds to each static file, from a `_headers` file
 * (`/path` lines with indented `Name: value` lines; `*` matches anything, `:name` a segment).
 */
export function staticHeaderRules(
  headersFile: string,
  assets: ReadonlySet<string>,
): (path: string) => Map<string, string> | undefined {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const line of headersFile.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (/^\S/.test(line)) {
      const pattern = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/:\w+/g, "[^/]+");
      rules.push({ pattern: new RegExp(`^${pattern}$`), headers: [] });
      continue;
    }
    const header = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (header?.[1] && header[2] !== undefined) rules.at(-1)?.headers.push([header[1], header[2]]);
  }
  return (path) => {
    const pathname = pathnameOf(path);
    if (!assets.has(pathname)) return undefined;
    const expected = new Map<string, string>();
    for (const rule of rules) {
      if (!rule.pattern.test(pathname)) continue;
      for (const [name, value] of rule.headers) {
        if (SECURITY_HEADER.test(name)) expected.set(name.toLowerCase(), value);
      }
    }
    return expected;
  };
}

/** Markers of an error's insides, by what they reveal. */
const LEAK_MARKERS: readonly [string, RegExp][] = [
  ["a stack frame", /\bat [^\n<>]*?(?:file:\/\/|\/)[^\s()<>]*:\d+:\d+/],
  ["a file URL", /file:\/\//],
  ["a local file", /(?:^|[\s(])\/(?:work|home|root|Users|tmp)\/[^\s<>"']+\.\w+/],
  ["node_modules", /node_modules/],
  ["a source location", /\.[cm]?[jt]sx?:\d+/],
  ["a runtime error", /\b(?:Type|Range|Reference|Syntax|Eval|URI|Internal|Aggregate)?Error: \S/],
  ["miniflare", /miniflare/i],
  ["workerd", /workerd/i],
  ["file contents", /root:x:0:0|\[vars\]|"devDependencies"|SANITY_TOKEN\s*=/],
];

/** Markup that would run if a payload came back unescaped, or an address that runs script. */
const REFLECTION_MARKERS: readonly [string, RegExp][] = [
  ["a <script> payload", new RegExp(`<script[^<>]*>\\s*${XSS_MARKER}`, "i")],
  // A handler attribute of its own: outside every quoted value of the tag (an escaped payload
  // inside one, such as a search box's value="&quot;&gt;&lt;img onerror=…", cannot leave it).
  [
    "an event-handler payload",
    new RegExp(`<[a-z](?:[^<>"']|"[^"]*"|'[^']*')*?\\son\\w+\\s*=\\s*["']?${XSS_MARKER}`, "i"),
  ],
  ["an event-handler payload", new RegExp(`<svg/onload=${XSS_MARKER}`, "i")],
  [
    "a script URL in an attribute",
    /\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(?:javascript:|data:text\/html)/i,
  ],
];

/** C0 controls and DEL: a browser drops some from a URL, a runtime refuses others in a header. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

const isMarkup = (type: string | null) => !type || /html|xml|svg/i.test(type);

/** Around the first match, short and on one line. */
function excerpt(text: string, at = 0, width = 120): string {
  const start = Math.max(0, at - 30);
  const cut = text.slice(start, start + width).replace(/\s+/g, " ");
  return JSON.stringify(`${start > 0 ? "…" : ""}${cut}${start + width < text.length ? "…" : ""}`);
}

/** A 5xx in a word: the first line of a plain answer, or what kind of page. */
function signature(answer: Answer): string {
  const type = answer.headers.get("Content-Type") ?? "";
  if (/html/i.test(type)) {
    const title = /<title>([^<]*)<\/title>/i.exec(answer.body)?.[1];
    return `an HTML page${title ? ` titled "${title.slice(0, 60)}"` : ""}`;
  }
  const line = answer.body.split("\n")[0]?.trim().slice(0, 80);
  return line ? JSON.stringify(line) : "an empty body";
}

const isWorkerPath = (c: Case, ctx: CheckContext) => ctx.staticHeaders(c.path) === undefined;

/** Every check that one answer can fail on its own. */
export function checkAnswer(c: Case, a: Answer, ctx: CheckContext): Problem[] {
  const problems: Problem[] = [];
  const add = (check: Check, kind: string, detail = "") => problems.push({ check, kind, detail });

  // Static files are served before the worker runs: their failures have other causes.
  const staticHeaders = ctx.staticHeaders(c.path);
  const staticFile = staticHeaders !== undefined && a.status < 300;
  const on = staticHeaders === undefined ? "" : " (a static file)";

  if (a.status === 0) {
    add("answer", `no answer: ${a.error}${on}`);
    return problems;
  }
  // A 503 with Retry-After is the site's own answer that a service it needs (Sanity) did not
  // answer in time, as a busy machine's content service may not: try again, not a failure.
  const later = a.status === 503 && a.headers.has("Retry-After");
  if (a.status >= 500 && !later) {
    add("answer", `status ${a.status}, ${signature(a)}${on}`, excerpt(a.body));
  }
  if (a.cutOff) add("answer", `cut off before the end of its body (${a.status})${on}`);

  // Leaks: judged on everything but the static files themselves (bundled code may say "Error:").
  if (!staticFile) {
    const found: string[] = [];
    let first = -1;
    for (const [name, pattern] of LEAK_MARKERS) {
      const match = pattern.exec(a.body);
      if (match && !found.includes(name)) {
        found.push(name);
        if (first < 0) first = match.index;
      }
    }
    for (const secret of ctx.secrets) {
      const at = secret ? a.body.indexOf(secret) : -1;
      if (at >= 0) {
        found.push("a secret");
        if (first < 0) first = at;
      }
    }
    if (ctx.root && a.body.includes(ctx.root) && !found.includes("a local file")) {
      found.push("the project's directory");
      if (first < 0) first = a.body.indexOf(ctx.root);
    }
    if (found.length > 0)
      add("leak", `a ${a.status} body holds ${found.join(", ")}${on}`, excerpt(a.body, first));
  }

  // Redirects stay on this origin and carry no control characters (a browser drops tabs and
  // line breaks from a URL, so "/\t/evil.example" is "//evil.example"). Only a scheme-relative
  // or absolute Location can change the origin, so the site's root is base enough.
  for (const location of a.raw.get("location") ?? []) {
    const flaws: string[] = [];
    if ([...location].some(isControl)) flaws.push("holds a control character");
    try {
      const target = new URL(location, `${ctx.origin}/`);
      if (target.origin !== ctx.origin) flaws.push(`leaves the origin (for ${target.origin})`);
    } catch {
      flaws.push("is no URL");
    }
    if (flaws.length > 0) {
      const where = flaws.map((flaw) => flaw.replace(/ \(for .*\)$/, "")).join(" and ");
      add(
        "redirect",
        `a ${a.status} Location ${where}`,
        `Location: ${JSON.stringify(location)} ${flaws.join(", ")}`,
      );
    }
  }

  // Reflection: markup answers never carry a payload as markup; a long value is cut; nothing
  // sent turns into a header; a forwarded host is not taken for the site's.
  const type = a.headers.get("Content-Type");
  if (isMarkup(type) && !staticFile) {
    for (const [name, pattern] of REFLECTION_MARKERS) {
      const match = pattern.exec(a.body);
      if (match) {
        add(
          "reflection",
          `${name} unescaped in a ${a.status} ${type ?? "untyped"} body`,
          excerpt(a.body, match.index),
        );
        break;
      }
    }
  }
  const long = a.body.indexOf(LONG.slice(0, 1024));
  if (long >= 0) add("reflection", "an 8 KiB value echoed beyond 1 KiB", excerpt(a.body, long, 60));
  // "%0D%0ASet-Cookie:%20fuzz=1" must not become a header of its own.
  for (const [name, values] of a.raw) {
    for (const value of values) {
      if (/fuzz/i.test(name) || (name === "set-cookie" && /fuzz=1/.test(value))) {
        add(
          "reflection",
          `what was sent became a ${name} header`,
          `${name}: ${JSON.stringify(value.slice(0, 100))}`,
        );
      }
    }
  }
  const forwarded = Object.keys(c.headers).some((name) => /forward/i.test(name));
  if (forwarded && !c.path.includes("evil.example")) {
    const headers = [...a.raw].map(([name, values]) => `${name}: ${values.join(", ")}`).join("\n");
    const at = `${headers}\n${a.body}`.indexOf("evil.example");
    if (at >= 0)
      add(
        "reflection",
        "a forwarded host taken for the site's",
        excerpt(`${headers}\n${a.body}`, at),
      );
  }

  // Security headers: the worker's on everything it answers, public/_headers' on static files.
  if (staticHeaders !== undefined && a.status < 500) {
    const missing = [...staticHeaders]
      .filter(([name, value]) => a.headers.get(name) !== value)
      .map(([name, value]) => `${name}: ${value}`);
    if (missing.length > 0) add("headers", `a static ${a.status} lacks ${missing.join("; ")}`);
  } else {
    const missing = securityHeaderProblems(a.headers, {
      studioFrame: pathnameOf(c.path).startsWith("/_app/preview/"),
    });
    if (missing.length > 0) add("headers", `a ${a.status}${on}: ${missing.join("; ")}`);
  }
  if (a.headers.has("Set-Cookie") && !pathnameOf(c.path).startsWith("/_app/preview/")) {
    add(
      "headers",
      `a ${a.status} sets a cookie outside the preview switches`,
      `Set-Cookie: ${a.headers.get("Set-Cookie")}`,
    );
  }

  // Methods: the worker answers OPTIONS with 204 and any other write with 405, both with Allow;
  // the webhook and the contact form take POST.
  if (a.status < 500) {
    // A further language's address (`/de/cart`) has the methods of the address it translates.
    const pathname = splitLanguage(pathnameOf(c.path)).path;
    const read = c.method === "GET" || c.method === "HEAD";
    const allow = a.headers.get("Allow");
    const allowed = allowedAt(pathname);
    if (c.method === "HEAD" && a.body.length > 0)
      add("methods", `HEAD answered with a body (${a.status})`);
    if (!read && isWorkerPath(c, ctx)) {
      if (pathname === "/contact" && c.method === "POST") {
        // The contact form: without a browser's Origin every post is refused (CSRF), and a
        // refusal is the form's page, never stored.
        if (![400, 403, 413].includes(a.status))
          add("methods", `a contact form POST without Origin answered ${a.status}`);
        if (!(a.headers.get("Cache-Control") ?? "").includes("no-store"))
          add("methods", `a contact form POST answered ${a.status} without no-store`);
      } else if (isCartForm(pathname) && c.method === "POST") {
        // The store's cart forms: without a browser's Origin every post is refused (CSRF).
        if (![400, 403, 413].includes(a.status))
          add("methods", `a cart form POST without Origin answered ${a.status}`);
      } else if (isBookingForm(pathname) && c.method === "POST") {
        // Booking's forms: without a browser's Origin every post is refused (CSRF).
        if (![400, 403, 404, 413].includes(a.status))
          add("methods", `a booking form POST without Origin answered ${a.status}`);
      } else if (pathname === "/_app/store/stripe" && c.method === "POST") {
        // Stripe's webhook: nothing unsigned gets through.
        if (![400, 413].includes(a.status))
          add("methods", `an unsigned Stripe webhook POST answered ${a.status}`);
      } else if (isUnsubscribe(pathname) && c.method === "POST") {
        // One-click unsubscribe (RFC 8058) takes a post from anywhere, the mail client's; the
        // fuzz's e-mails were never sent, so each is nothing.
        if (![404, 413].includes(a.status))
          add("methods", `an unsubscribe POST answered ${a.status}`);
      } else if (pathname === "/_app/hooks/sanity" && c.method === "POST") {
        if (![401, 413].includes(a.status))
          add("methods", `an unsigned webhook POST answered ${a.status}`);
      } else if (allowed === "POST" && c.method === "POST") {
        // A client gallery's forms (an unknown gallery, a post from elsewhere, no session) and
        // the lab's callback (not the order's secret).
        // A body over the forms' limit is refused before anything else is looked at (413).
        if (![401, 403, 404, 413].includes(a.status))
          add("methods", `a gallery form POST answered ${a.status}`);
      } else if (
        (c.method === "PUT" || c.method === "DELETE") &&
        allowed.split(", ").includes(c.method)
      ) {
        // The owner's upload: nothing unsigned gets through.
        if (a.status !== 401)
          add("methods", `an unsigned ${c.method} of an upload answered ${a.status}`);
      } else if (c.method === "OPTIONS") {
        if (a.status !== 204 || allow !== allowed)
          add("methods", `OPTIONS answered ${a.status}, Allow: ${allow}`);
      } else if (a.status !== 405 || allow !== allowed) {
        add("methods", `${c.method} answered ${a.status}, Allow: ${allow}`);
      }
    }
  }
  return problems;
}

/** The methods an address has (the app's routes; worker/middleware/methods/ answers the rest). */
function allowedAt(pathname: string): string {
  if (pathname === "/contact" || pathname === "/cart") return "GET, HEAD, POST";
  if (pathname === "/cart/add" || pathname === "/cart/checkout") return "POST";
  if (/^\/book\/held\/[^/]+$/.test(pathname)) return "GET, HEAD, POST";
  if (isUnsubscribe(pathname)) return "GET, HEAD, POST";
  if (isBookingForm(pathname)) return "POST";
  if (/^\/g\/[^/]+\/(?:unlock|client|favourites(?:\/send)?|p\/[^/]+\/buy)$/.test(pathname)) {
    return "POST";
  }
  // The lab's callbacks and the webhooks (OPTIONS says so, as everywhere).
  if (/^\/_app\/store\/lab\/[^/]+\/[^/]+$/.test(pathname)) return "POST";
  if (pathname === "/_app/store/stripe" || pathname === "/_app/hooks/sanity") return "POST";
  if (/^\/_app\/galleries\/[^/]+\/photos\/[^/]+$/.test(pathname)) return "GET, HEAD, PUT, DELETE";
  // A photograph's watermarked proofs, as the upload command sends them; a public
  // photograph's original, as the importer sends it.
  if (
    /^\/_app\/galleries\/[^/]+\/photos\/[^/]+\/marked\/[^/]+$/.test(pathname) ||
    /^\/_app\/originals\/[^/]+$/.test(pathname)
  ) {
    return "GET, HEAD, PUT";
  }
  return "GET, HEAD";
}

/** Booking's forms (worker/booking/): holding a time, the client's answers, the deposit. */
const isBookingForm = (pathname: string) =>
  /^\/book\/(?:[a-z0-9-]+\/hold|held\/[^/]+(?:\/pay)?)$/.test(pathname);

/** An automated e-mail's unsubscribe page and one-click address (worker/sales-mail/). */
const isUnsubscribe = (pathname: string) => /^\/unsubscribe\/[^/]+$/.test(pathname);

/** The store's cart forms (worker/store/): the cart's own, adding to it, checking out. */
const isCartForm = (pathname: string) =>
  pathname === "/cart" || pathname === "/cart/add" || pathname === "/cart/checkout";

const norm = (value: string | null) => (value ?? "").toLowerCase().replace(/\s+/g, "");

/** The edge's directive: Cloudflare-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control. */
function edgeDirective(a: Answer): string {
  return (
    a.headers.get("Cloudflare-CDN-Cache-Control") ??
    a.headers.get("CDN-Cache-Control") ??
    a.headers.get("Cache-Control") ??
    ""
  );
}

/** The answer tells caches it varies by User-Agent and keeps shared caches out. */
function markedPerAgent(a: Answer): boolean {
  const vary = norm(a.headers.get("Vary")).split(",");
  return (
    (vary.includes("user-agent") || vary.includes("*")) &&
    /\b(?:private|no-store)\b/i.test(edgeDirective(a))
  );
}

/**
 * A bot's (or another agent's) answer against the browser's for the same request. The edge
 * caches GET and HEAD by address, not by agent: when the two differ, both must say so (Vary:
 * User-Agent) and stay out of the shared cache, or one could be served to the other.
 */
export function checkPair(browser: Answer, other: Answer, method: string): Problem | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  // A failed answer is reported on its own, not twice.
  for (const a of [browser, other])
    if (a.status === 0 || a.status >= 500 || a.cutOff) return undefined;
  // A rate limit's refusal, kept from the edge, counts the visitor's requests, whatever the agent.
  for (const a of [browser, other])
    if (a.status === 429 && /\bno-store\b/.test(edgeDirective(a))) return undefined;
  const differences: string[] = [];
  if (browser.status !== other.status) differences.push("status");
  if (norm(browser.headers.get("Content-Type")) !== norm(other.headers.get("Content-Type")))
    differences.push("Content-Type");
  if (browser.headers.get("Location") !== other.headers.get("Location"))
    differences.push("Location");
  if (browser.body !== other.body) differences.push("body");
  if (differences.length === 0) return undefined;
  if (markedPerAgent(browser) && markedPerAgent(other)) return undefined;
  const edge = (a: Answer) => JSON.stringify(edgeDirective(a));
  const vary = (a: Answer) => a.headers.get("Vary") ?? "none";
  const type = (a: Answer) => (a.headers.get("Content-Type") ?? "untyped").split(";")[0];
  return {
    check: "vary",
    kind:
      `a ${method} ${browser.status} differs by user agent (${differences.join(", ")}) yet may be ` +
      `shared at the edge: edge cache ${edge(browser)} / ${edge(other)}, Vary ${vary(browser)} / ${vary(other)}`,
    detail:
      `browser: ${browser.status} ${type(browser)} ${excerpt(browser.body, 0, 40)}; ` +
      `other: ${other.status} ${type(other)} ${excerpt(other.body, 0, 40)}`,
  };
}

export interface Failure extends Problem {
  case: Case;
  status: number;
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${bytes / 1024 / 1024} MiB`
    : bytes >= 1024
      ? `${bytes / 1024} KiB`
      : `${bytes} B`;

/** One request, replayable: its id in the seed's order, method, target, body and agent. */
export function describeCase(c: Case): string {
  const path = c.path.length > 140 ? `${c.path.slice(0, 120)}… (${c.path.length} chars)` : c.path;
  const headers = Object.keys(c.headers);
  return (
    `#${c.id} ${c.method} ${JSON.stringify(path).slice(1, -1)} ` +
    `[body ${sizeLabel(c.bodySize)}, UA ${c.ua}${headers.length ? `, headers ${headers.join(",")}` : ""}]`
  );
}

/** Failures of one check, one line per kind: how many, and the first request that showed it. */
export function report(failures: readonly Failure[]): string[] {
  const kinds = new Map<string, { count: number; first: Failure }>();
  for (const failure of failures) {
    const group = kinds.get(failure.kind);
    if (!group) kinds.set(failure.kind, { count: 1, first: failure });
    else {
      group.count += 1;
      if (failure.case.id < group.first.case.id) group.first = failure;
    }
  }
  return [...kinds.values()]
    .sort((a, b) => a.first.case.id - b.first.case.id)
    .map(
      ({ count, first }) =>
        `${first.kind} — ${count} request${count === 1 ? "" : "s"}, e.g. ${describeCase(first.case)} → ` +
        `${first.status || "no answer"}${first.detail ? `: ${first.detail}` : ""}`,
    );
}
