// A stand-in for Sanity that fails on purpose, for the worker's fault tests. It forwards to
// the real demo content service unless told otherwise; tests switch its behaviour over HTTP
// (they run inside workerd and cannot reach this process's memory), at `controlUrl`:
//   POST /_fault  {"mode": "...", "times"?: n}   GET /_fault/stats   POST /_fault/reset
// The worker reaches it at `url`, through a TCP gate that stops listening in "refused" mode,
// so that mode is a real refused connection on a closed port.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from "node:net";

export type FaultMode =
  | "ok" // forward to the demo service
  | "500" // Sanity-style 500
  | "502-html" // a load balancer's 502: HTML, not Sanity's JSON
  | "503" // 503 for `times` requests, then forward
  | "hang" // never answer
  | "invalid-json" // 200 with a broken body
  | "wrong-shape" // 200 JSON without `result`
  | "empty" // what a dataset without documents answers (a second demo service, on an empty export)
  | "refused"; // nothing listens at `url` (until the mode changes)

export interface FaultServer {
  /** Where the worker sends its queries. */
  url: string;
  /** Where tests switch modes and read the stats. */
  controlUrl: string;
  close(): Promise<void>;
}

/** A TCP pass-through that can stop listening (connection refused) and listen again. */
async function startGate(target: number) {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    const upstream = connect(target, "127.0.0.1");
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on("close", () => sockets.delete(end));
      end.on("error", () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  const listen = (port = 0) =>
    new Promise<number>((ready) =>
      server.listen(port, "127.0.0.1", () => ready((server.address() as AddressInfo).port)),
    );
  const port = await listen();
  return {
    port,
    /** Refuses new connections and drops open ones (kept-alive connections included). */
    close() {
      if (server.listening) server.close();
      for (const socket of sockets) socket.destroy();
    },
    async open() {
      if (!server.listening) await listen(port);
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFaultServer(upstreams: {
  /** The demo content service. */
  content: string;
  /** A demo content service on an empty export. */
  empty: string;
}): Promise<FaultServer> {
  let mode: FaultMode = "ok";
  let times = Number.POSITIVE_INFINITY;
  let queries = 0;
  let writes = 0;
  const hanging = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };

  // Tests use a dataset name of their own (so their edge-cache entries never collide); the
  // demo service knows only "production", so queries and writes are forwarded there.
  const upstreamPath = (url: string) =>
    url.replace(/^(\/v[^/]+\/data\/(?:query|doc|mutate)\/)[^/?]+/, "$1production");

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    upstream = upstreams.content,
  ) {
    const answer = await fetch(`${upstream}${upstreamPath(req.url ?? "/")}`, {
      method: req.method,
      headers: {
        "Content-Type": req.headers["content-type"] ?? "application/json",
        // The token, for writes (inquiries) and private reads, as Sanity would get it.
        ...(req.headers.authorization ? { Authorization: req.headers.authorization } : {}),
      },
      body: req.method === "POST" ? new Uint8Array(body) : undefined,
    });
    res.writeHead(answer.status, {
      "Content-Type": answer.headers.get("Content-Type") ?? "application/json",
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const path = (req.url ?? "/").split("?")[0];
      if (path === "/_fault" && req.method === "POST") {
        const wanted = JSON.parse(body.toString() || "{}") as { mode?: FaultMode; times?: number };
        mode = wanted.mode ?? "ok";
        times = wanted.times ?? Number.POSITIVE_INFINITY;
        if (mode === "refused") gate.close();
        else await gate.open();
        return json(res, 200, { mode, times });
      }
      if (path === "/_fault/reset" && req.method === "POST") {
        mode = "ok";
        times = Number.POSITIVE_INFINITY;
        queries = 0;
        writes = 0;
        await gate.open();
        return json(res, 200, { queries });
      }
      if (path === "/_fault/stats") return json(res, 200, { queries, writes, mode });

      // Queries count as content calls; document reads and mutations (the inquiry consumer's)
      // fail in the same modes but are counted apart, as writes.
      const endpoint = /^\/v[^/]+\/data\/(query|doc|mutate)\//.exec(path ?? "")?.[1];
      if (!endpoint) return forward(req, res, body);
      if (endpoint === "query") queries += 1;
      else writes += 1;
      const active = times > 0 ? mode : "ok";
      if (times > 0 && mode !== "ok") times -= 1;
      switch (active) {
        case "500":
          return json(res, 500, {
            error: "Internal Server Error",
            message: "stand-in failure",
            statusCode: 500,
          });
        case "502-html":
          res.writeHead(502, { "Content-Type": "text/html" }).end("<html>Bad Gateway</html>");
          return;
        case "503":
          return json(res, 503, {
            error: "Service Unavailable",
            message: "stand-in overload",
            statusCode: 503,
          });
        case "hang":
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        case "invalid-json":
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"result": [ {"_id": ');
          return;
        case "wrong-shape":
          return json(res, 200, { ms: 1, unexpected: true });
        case "empty":
          return forward(req, res, body, upstreams.empty);
        default:
          return forward(req, res, body);
      }
    } catch (error) {
      json(res, 502, { error: "stand-in error", message: String(error) });
    }
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  const gate = await startGate(port);
  return {
    url: `http://127.0.0.1:${gate.port}`,
    controlUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        gate.close();
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
