// What every `/v{version}/data/{endpoint}/{dataset}` request shares before its endpoint runs:
// the API version check, the CORS preflight and finding the dataset, with Sanity's answers
// when any of them fails.
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest, gatewayError } from "./http.ts";
import type { PerspectiveViews } from "./perspective.ts";

/** A query's artificial delay: fixed milliseconds, or a function asked once per query. */
export type Latency = number | (() => number);

export interface DataContext {
  projectId: string;
  datasets: ReadonlyMap<string, PerspectiveViews>;
  /** The delay before this query is answered, in milliseconds. */
  latencyMs: () => number;
  stats: { queries: number };
  /** The one token accepted for writes and private reads; none means public and read-only. */
  token: string | undefined;
}

export interface DataRoute {
  version: string;
  endpoint: string;
  /** Everything after the endpoint, still encoded: `{dataset}` or `{dataset}/{ids}`. */
  rest: string;
}

/** `/v1`, `/vX` and `/vYYYY-MM-DD` (a real calendar date), as Sanity accepts. */
export function isValidApiVersion(version: string): boolean {
  if (version === "1" || version === "X") return true;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  if (!match) return false;
  const date = new Date(`${version}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(version);
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw gatewayError(400, "Malformed URL encoding");
  }
}

/**
 * Checks the version and finds the dataset. Returns undefined when the request was a CORS
 * preflight, already answered. `extraSegments` says whether the endpoint takes anything after
 * the dataset name (the document ids of `/doc`).
 */
export function openDataRoute(
  req: IncomingMessage,
  res: ServerResponse,
  route: DataRoute,
  ctx: DataContext,
  extraSegments: boolean,
): { views: PerspectiveViews; datasetName: string; ids: string[] } | undefined {
  if (!isValidApiVersion(route.version)) {
    throw badRequest(`Invalid API version "v${route.version}"`);
  }
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, POST, OPTIONS",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-max-age": "600",
    });
    res.end();
    return undefined;
  }

  const [encodedDataset = "", ...ids] = route.rest.split("/");
  const datasetName = safeDecode(encodedDataset);
  const views = ctx.datasets.get(datasetName);
  if (!views || (!extraSegments && ids.length > 0)) {
    if (!views && datasetName !== "" && ids.length <= 1) {
      throw gatewayError(
        404,
        `Dataset "${datasetName}" not found for project ID "${ctx.projectId}"`,
      );
    }
    throw gatewayError(404, "Not Found");
  }
  return { views, datasetName, ids };
}
