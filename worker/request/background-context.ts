import { Context } from "hono";
import { loadConfig } from "../config/config.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * A context for work no visitor asked for (a Cron Trigger's), with what the first middleware puts
 * in every request's (the configuration), so that code written for a request's context runs as
 * it does there: its links on `origin`, unless SITE_URL names the site.
 */
export function backgroundContext(env: Env, ctx: ExecutionContext, origin: string) {
  const c = new Context<AppEnv>(new Request(origin), { env, executionCtx: ctx });
  c.set("config", loadConfig(env));
  return c;
}
