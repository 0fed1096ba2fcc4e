// The embedded demo content service: Sanity's query, mutation and asset upload APIs and image
// CDN over one local HTTP server, so the site runs without a Sanity account. Routing, stats,
// logging and lifecycle live here; the handlers are in query.ts, mutate.ts, assets.ts and
// images.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { handleAssetUpload } from "./assets.ts";
import type { Latency } from "./data-route.ts";
import { loadDataset } from "./dataset.ts";
import {
  gatewayError,
  HttpError,
  leaveIdleClosingToClients,
  sendJson,
  splitTarget,
} from "./http.ts";
import { handleCut, handleImage, type Rendered } from "./images.ts";
import { handleMutate } from "./mutate.ts";
import { PerspectiveViews } from "./perspective.ts";
import { handleDataRequest } from "./query.ts";

export interface ContentServiceOptions {
  /** NDJSON export of the dataset. */
  datasetFile: string;
  /** Folder of original images named `{hash}-{w}x{h}.{ext}`. */
  imagesDir: string;
  projectId?: string;
  dataset?: string;
  port?: number;
  host?: string;
  /**
   * Artificial delay before answering each query, for load tests: milliseconds, or a function
   * asked once per query (a soak test's "slow at times").
   */
  latencyMs?: Latency;
  /** Byte budget of the transformed-image cache (default 64 MB). */
  imageCacheBytes?: number;
  /**
   * The one token accepted (as `Authorization: Bearer …`) for writes and for reading private
   * documents (ids with a "."). Without it the service is read-only and public.
   */
  token?: string;
  /**
   * Where uploaded images are kept (they live as long as the service's in-memory documents).
   * Default: a new folder in the OS's temp folder, removed when the service closes.
   */
  uploadsDir?: string;
}

export interface ContentServiceStats {
  /** Requests that reached a known dataset's query or doc endpoint. */
  queries: number;
  /** Image responses sent (200 or 304). */
  images: number;
}

export interface ContentService {
  url: string;
  port: number;
  /** Live counters (updated in place); also served at GET /_demo/stats. */
  stats: ContentServiceStats;
  close(): Promise<void>;
}

export async function startContentService(options: ContentServiceOptions): Promise<ContentService> {
  const projectId = options.projectId ?? "demo";
  const datasetName = options.dataset ?? "production";
  const latency = options.latencyMs ?? 0;
  if (typeof latency === "number" && !(Number.isFinite(latency) && latency >= 0)) {
    throw new Error("latencyMs must be >= 0");
  }
  // Fail at start-up, not on the first query, if the export is missing or broken.
  const docs = await loadDataset(options.datasetFile);

  if (options.token !== undefined && !/^[\x21-\x7e]{8,}$/.test(options.token)) {
    throw new Error("token must be at least 8 printable characters without spaces");
  }
  const stats: ContentServiceStats = { queries: 0, images: 0 };
  const views = new PerspectiveViews(docs);
  const ownUploads = options.uploadsDir === undefined;
  const uploadsDir = options.uploadsDir ?? (await mkdtemp(join(tmpdir(), "demo-uploads-")));
  let origin = "";
  const dataContext = {
    projectId,
    datasets: new Map([[datasetName, views]]),
    latencyMs: typeof latency === "number" ? () => latency : latency,
    stats,
    token: options.token,
  };
  const imageContext = {
    projectId,
    dataset: datasetName,
    imagesDirs: [options.imagesDir, uploadsDir],
    stats,
    cache: new LRUCache<string, Rendered>({ maxSize: options.imageCacheBytes ?? 64 * 1024 * 1024 }),
    inflight: new Map<string, Promise<Rendered>>(),
  };
  const log = process.env.DEMO_LOG === "1";

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, search } = splitTarget(req.url);
    const method = req.method ?? "GET";

    if (path === "/_demo/stats") {
      if (method !== "GET" && method !== "HEAD") {
        throw gatewayError(405, `Method ${method} not allowed`, { allow: "GET, HEAD" });
      }
      sendJson(req, res, 200, stats, { "cache-control": "no-store" });
      return;
    }
    if (path === "/_demo/stats/reset") {
      if (method !== "POST")
        throw gatewayError(405, `Method ${method} not allowed`, { allow: "POST" });
      stats.queries = 0;
      stats.images = 0;
      sendJson(req, res, 200, stats, { "cache-control": "no-store" });
      return;
    }
    if (path === "/_demo/images/cut") {
      await handleCut(req, res, search);
      return;
    }
    if (path.startsWith("/images/")) {
      await handleImage(req, res, path, search, imageContext);
      return;
    }
    const upload = /^\/v([^/]+)\/assets\/images\/(.*)$/.exec(path);
    if (upload) {
      const [, version = "", rest = ""] = upload;
      await handleAssetUpload(req, res, { version, endpoint: "assets", rest }, search, {
        ...dataContext,
        uploadsDir,
        origin: () => origin,
      });
      return;
    }
    const data = /^\/v([^/]+)\/data\/(query|doc|mutate)\/(.*)$/.exec(path);
    if (data) {
      const [, version = "", endpoint = "", rest = ""] = data;
      const handle = endpoint === "mutate" ? handleMutate : handleDataRequest;
      await handle(req, res, { version, endpoint, rest }, search, dataContext);
      return;
    }
    if (path === "/" && (method === "GET" || method === "HEAD")) {
      sendJson(req, res, 200, {
        service: "demo content service",
        projectId,
        dataset: datasetName,
        // What an anonymous reader can see; private documents are not even counted.
        documents: views.get("raw").length,
      });
      return;
    }
    throw gatewayError(404, "Not Found");
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    if (log) {
      res.on("finish", () => {
        const target = (req.url ?? "").slice(0, 200);
        const ms = (performance.now() - started).toFixed(1);
        console.log(`${req.method} ${target} ${res.statusCode} ${ms}ms`);
      });
    }
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        if (!res.headersSent) sendJson(req, res, error.status, error.body, error.headers);
        else res.destroy();
        return;
      }
      // Unexpected: log for the developer, never leak details to the client.
      console.error(`demo content service: ${req.method} ${(req.url ?? "").slice(0, 200)}:`, error);
      if (!res.headersSent) sendJson(req, res, 500, { error: "Internal Server Error" });
      else res.destroy();
    });
  });

  leaveIdleClosingToClients(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  return {
    url: origin,
    port: address.port,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive sockets from clients would otherwise hold close() open;
        // give in-flight requests a moment, then cut everything.
        const force = setTimeout(() => server.closeAllConnections(), 2000);
        force.unref();
        server.close((error) => {
          clearTimeout(force);
          const cleanup = ownUploads
            ? rm(uploadsDir, { recursive: true, force: true })
            : Promise.resolve();
          cleanup.then(() => (error ? reject(error) : resolve()), reject);
        });
        server.closeIdleConnections();
      }),
  };
}
