// Starts the demo content service with the repository's demo dataset:
//   node demo/server/cli.ts [--port 9999] [--host 127.0.0.1] [--latency 200] [--dir demo/dataset]
//                           [--token <secret>]
// --dir points at another folder holding production.ndjson and images/. --token (or the
// DEMO_CONTENT_TOKEN variable) enables writes and private reads for requests carrying it
// (see demo/scripts/publish.ts); changes live in memory until the service stops.
// Prints one line with the URL and stops cleanly on SIGINT/SIGTERM.
import path from "node:path";
import { parseArgs } from "node:util";
import { startContentService } from "./server.ts";

const usage =
  "Usage: node demo/server/cli.ts [--port 9999] [--host 127.0.0.1] [--latency 200] [--dir demo/dataset] [--token <secret>]";

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > max) {
    console.error(`Invalid --${name} "${value}"\n${usage}`);
    process.exit(2);
  }
  return number;
}

let args: { port?: string; host?: string; latency?: string; dir?: string; token?: string };
try {
  args = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      latency: { type: "string" },
      dir: { type: "string" },
      token: { type: "string" },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

// Default resolved from this file, so the command works from any working directory.
const datasetDir = args.dir
  ? path.resolve(args.dir)
  : path.resolve(import.meta.dirname, "../dataset");
try {
  const service = await startContentService({
    datasetFile: path.join(datasetDir, "production.ndjson"),
    imagesDir: path.join(datasetDir, "images"),
    port: integer("port", args.port, 0, 65535),
    host: args.host ?? "127.0.0.1",
    latencyMs: integer("latency", args.latency, 0, 60_000),
    token: args.token ?? (process.env.DEMO_CONTENT_TOKEN || undefined),
  });
  console.log(`Demo content service on ${service.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(`Demo content service failed to start: ${(error as Error).message}`);
  process.exit(1);
}
