// Test support (not a test file): a local HTTP endpoint that records what is POSTed to it
// (raw body and headers, as a webhook handler must verify them) and answers with the
// statuses a test gives it, to see the store's stand-ins deliver, retry and give up.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { leaveIdleClosingToClients } from "./server/http.ts";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order; 200 once they run out. */
  answers: number[];
  /** Resolves when `count` requests have arrived. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(answers.shift() ?? 200, { "content-type": "text/plain" }).end("ok");
      for (const waiter of waiting.filter((w) => received.length >= w.count)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  leaveIdleClosingToClients(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    waitFor: (count) =>
      new Promise((resolve) => {
        if (received.length >= count) return resolve(received);
        waiting.push({ count, resolve: () => resolve(received) });
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
