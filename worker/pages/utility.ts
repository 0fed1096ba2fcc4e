import type { Handler } from "hono";
import { pageNotFound } from "../errors/page-error.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";

/**
 * `/200`: the bare layout with an empty main area (for checks and monitoring).
 */
export const blankHandler: Handler<AppEnv> = async (c) =>
  renderHtml(c, await loadLayout(c), { main: null });

/**
 * `/404`: the not-found view, through the same error path as every other not-found.
 */
export const notFoundHandler: Handler<AppEnv> = (c) => {
  throw pageNotFound(new URL(c.req.url).pathname);
};
