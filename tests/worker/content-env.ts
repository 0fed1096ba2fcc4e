import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../worker/index.ts";
import { BROWSER_UA } from "./fetch-page.ts";

let counter = 0;

/**
 * An environment that reads content through the fault stand-in, with a dataset name of its
 * own so no other test's edge-cache entries are seen (the stand-in forwards to the demo).
 */
export function faultEnv(overrides: Partial<Env> = {}): Env {
  counter += 1;
  return {
    ...env,
    SANITY_API_HOST: env.FAULT_URL,
    SANITY_DATASET: `t${Date.now().toString(36)}-${counter}`,
    ...overrides,
  };
}

/**
 * One page view through the real worker (a path on http://localhost, or a whole URL); waits
 * for its background work (cache refreshes).
 */
export async function view(path: string, testEnv: Env, method = "GET") {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, "http://localhost"), {
      method,
      headers: { "User-Agent": BROWSER_UA },
    }),
    testEnv,
    ctx,
  );
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, body, headers: res.headers };
}

export async function setFault(mode: string, times?: number): Promise<void> {
  const res = await fetch(`${env.FAULT_CONTROL_URL}/_fault`, {
    method: "POST",
    body: JSON.stringify({ mode, times }),
  });
  if (!res.ok) throw new Error(`fault stand-in: ${res.status}`);
}

export async function resetFaults(): Promise<void> {
  await fetch(`${env.FAULT_CONTROL_URL}/_fault/reset`, { method: "POST" });
}

/** Queries the stand-in has received so far. */
export async function contentCalls(): Promise<number> {
  const stats = (await (await fetch(`${env.FAULT_CONTROL_URL}/_fault/stats`)).json()) as {
    queries: number;
  };
  return stats.queries;
}
