// The upload command's watermarking (cli/gallery/mark.ts, sharp) for the worker tests, which run
// inside workerd and cannot run sharp: they send a photograph here and get back the very files
// `npm run gallery` would make of it, to upload through the signed endpoint as the command does.
// It also compares two images' pixels in a box, which workerd cannot decode either:
//   POST /mark?mark={watermark JSON, as the site's proofing answer gives it}
//        body: the photograph → {"files": {"480.webp": base64, …}, "box": […], "logo": […]}
//   POST /diff   {"a": base64, "b": base64, "box": [left, top, width, height] in fractions}
//                → {"inside": mean difference in the box, "outside": elsewhere} (0 to 255)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import {
  type Box,
  loadMark,
  type MarkSettings,
  markedFiles,
  markLayout,
} from "../../cli/gallery/mark.ts";
import { leaveIdleClosingToClients } from "../../demo/server/http.ts";

export interface MarkServer {
  url: string;
  close(): Promise<void>;
}

async function body(req: import("node:http").IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Mean absolute difference of two images (b scaled to a), inside and outside the box
 * `boxOf` gives for a's size, in pixels: how visible a mark is.
 */
export async function markDifference(
  a: Buffer,
  b: Buffer,
  boxOf: (
    width: number,
    height: number,
  ) => { left: number; top: number; width: number; height: number },
) {
  const first = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = first.info;
  const second = await sharp(b)
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const box = boxOf(width, height);
  let inside = 0;
  let insideCount = 0;
  let outside = 0;
  let outsideCount = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let d = 0;
      for (let ch = 0; ch < 3; ch++) {
        const i = (y * width + x) * 3 + ch;
        d += Math.abs((first.data[i] ?? 0) - (second[i] ?? 0));
      }
      const within =
        x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      if (within) {
        inside += d / 3;
        insideCount++;
      } else {
        outside += d / 3;
        outsideCount++;
      }
    }
  }
  return {
    inside: inside / Math.max(1, insideCount),
    outside: outside / Math.max(1, outsideCount),
  };
}

export async function startMarkServer(): Promise<MarkServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    void (async () => {
      try {
        const bytes = await body(req);
        if (url.pathname === "/mark") {
          const settings = JSON.parse(url.searchParams.get("mark") ?? "{}") as MarkSettings;
          const mark = await loadMark(settings);
          const files = await markedFiles(bytes, mark);
          const { autoOrient } = await sharp(bytes).metadata();
          const { width, height } = autoOrient;
          const layout = markLayout(width, height, mark, mark.logo);
          // A part of the mark in fractions of the photograph.
          const share = (box: Box | undefined) =>
            box && [box.left / width, box.top / height, box.width / width, box.height / height];
          res.setHeader("Content-Type", "application/json");
          res.end(
            JSON.stringify({
              files: Object.fromEntries(files.map((f) => [f.file, f.bytes.toString("base64")])),
              // What the mark covers (its band, or its image alone), and its image.
              box: share(layout.band ?? layout.logo),
              logo: share(layout.logo),
            }),
          );
          return;
        }
        if (url.pathname === "/diff") {
          const { a, b, box } = JSON.parse(bytes.toString("utf8")) as {
            a: string;
            b: string;
            box: number[];
          };
          res.setHeader("Content-Type", "application/json");
          res.end(
            JSON.stringify(
              await markDifference(
                Buffer.from(a, "base64"),
                Buffer.from(b, "base64"),
                (width, height) => {
                  const [l = 0, t = 0, w = 0, h = 0] = box;
                  return { left: l * width, top: t * height, width: w * width, height: h * height };
                },
              ),
            ),
          );
          return;
        }
        res.statusCode = 404;
        res.end();
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });
  leaveIdleClosingToClients(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
