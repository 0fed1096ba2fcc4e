import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { renderPage } from "../render/render-page.tsx";
import { loadLayout } from "./load-layout.ts";

/** `/200`: the bare layout with an empty main area. */
export const blankPage: Handler<AppEnv> = async (c) =>
  renderPage(c, await loadLayout(c), { content: null });

/** `/404`: the not-found view, through the same error path as every other not-found. */
export const notFoundPage: Handler<AppEnv> = (c) => {
  throw pageNotFound(new URL(c.req.url).pathname);
};
