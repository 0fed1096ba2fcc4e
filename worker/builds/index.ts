import { buildInfo } from "virtual:build-info";
import { Hono } from "hono";
import type { AppEnv } from "../request/app-env.ts";

/**
 * Pages poll `latest.json` to learn about a new deployment; `meta/{id}.json` describes the
 * running build when asked by its id. Both answers are tiny and never cached, so a deploy is
 * seen on the next poll.
 */
export const builds = new Hono<AppEnv>();

const noStore = { "Cache-Control": "no-store" };

builds.get("/latest.json", (c) =>
  c.json({ id: buildInfo.buildId, timestamp: buildInfo.builtAt }, 200, noStore),
);

builds.get("/meta/:file{[a-z0-9]+\\.json}", (c) => {
  const id = c.req.param("file").replace(/\.json$/, "");
  if (id !== buildInfo.buildId) {
    return c.json({ error: "Unknown build", id: id.slice(0, 64) }, 404, noStore);
  }
  return c.json(
    { id: buildInfo.buildId, timestamp: buildInfo.builtAt, version: buildInfo.version },
    200,
    noStore,
  );
});

builds.notFound((c) => c.json({ error: "Not Found" }, 404, noStore));
