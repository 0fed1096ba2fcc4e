// What every response the worker makes must carry (docs/how-it-works.md, "Redirects and
// security"), shared by the worker tests (workerd) and the browser tests (the built site as
// npm start serves it). It returns the problems instead of asserting, so one failing test names every
// missing header at once.

/** The directive's sources, or undefined when the policy lacks it. */
export function cspDirective(csp: string, name: string): string | undefined {
  for (const part of csp.split(";")) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive?.toLowerCase() === name) return sources.join(" ");
  }
  return undefined;
}

/**
 * Problems with the security headers of one worker response; empty when all is well. With
 * `studioFrame` (an address of the preview switches), the Studio's one origin may frame it.
 */
export function securityHeaderProblems(headers: Headers, { studioFrame = false } = {}): string[] {
  const problems: string[] = [];
  const csp = headers.get("Content-Security-Policy");
  if (!csp) {
    problems.push("no Content-Security-Policy");
  } else {
    const scriptSrc = cspDirective(csp, "script-src") ?? cspDirective(csp, "default-src");
    if (scriptSrc === undefined) problems.push("CSP: no script-src or default-src");
    if (scriptSrc?.includes("'unsafe-inline'"))
      problems.push("CSP: script-src has 'unsafe-inline'");
    if (scriptSrc?.includes("'unsafe-eval'")) problems.push("CSP: script-src has 'unsafe-eval'");
    if (
      scriptSrc
        ?.split(/\s+/)
        .some((source) => source === "*" || /^(https?|data|blob):$/.test(source))
    ) {
      problems.push(`CSP: script-src allows any origin (${scriptSrc})`);
    }
    const framers = cspDirective(csp, "frame-ancestors");
    const studio = studioFrame && /^https?:\/\/[^\s*]+$/.test(framers ?? "");
    if (framers !== "'none'" && !studio)
      problems.push(`CSP: frame-ancestors is not 'none'${studioFrame ? " nor one origin" : ""}`);
    if (cspDirective(csp, "base-uri") !== "'self'") problems.push("CSP: base-uri is not 'self'");
    if (cspDirective(csp, "object-src") !== "'none'")
      problems.push("CSP: object-src is not 'none'");
  }
  const expect = (name: string, ok: (value: string) => boolean, wanted: string) => {
    const value = headers.get(name);
    if (value === null) problems.push(`no ${name}`);
    else if (!ok(value)) problems.push(`${name} is "${value}", expected ${wanted}`);
  };
  expect("X-Content-Type-Options", (v) => v === "nosniff", "nosniff");
  expect(
    "Referrer-Policy",
    (v) => v === "strict-origin-when-cross-origin",
    "strict-origin-when-cross-origin",
  );
  expect(
    "Permissions-Policy",
    (v) => /camera=\(\)/.test(v) && /microphone=\(\)/.test(v),
    "camera=() and microphone=()",
  );
  expect("Cross-Origin-Opener-Policy", (v) => v === "same-origin", "same-origin");
  expect(
    "Strict-Transport-Security",
    (v) => Number(/max-age=(\d+)/.exec(v)?.[1] ?? 0) >= 31_536_000,
    "max-age of at least a year",
  );
  return problems;
}
