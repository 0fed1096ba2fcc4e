/**
 * `npm run gallery -- mark --gallery <id>`: makes every photograph's watermarked files again,
 * from the originals in the bucket (fetched through the site, signed), with the owner's
 * watermark as it is now: what changing the mark costs is this one command per gallery (each
 * original read once, six files written per photograph).
 */
import { mapPool } from "../lib/pool.ts";
import { markOf, proofingOf, reasonOf, sendMarked } from "./run.ts";
import { photoPath, SiteClient, UnreachableSite } from "./site-client.ts";
import type { UploadTarget } from "./target.ts";

export interface RemarkResult {
  marked: string[];
  failed: { name: string; reason: string }[];
}

export async function remarkGallery(
  gallery: string,
  target: UploadTarget,
  concurrency: number,
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RemarkResult> {
  const client = new SiteClient(target, concurrency);
  const result: RemarkResult = { marked: [], failed: [] };
  try {
    const proofing = await proofingOf(client, gallery);
    const { watermark, photos } = proofing;
    const mark = await markOf(proofing);
    const what = [mark.logo && "the image", watermark.text && `"${watermark.text}"`]
      .filter(Boolean)
      .join(" and ");
    say(`Marking ${photos.length} photographs with ${what} (${watermark.position})`);
    await mapPool(photos, concurrency, async (photo) => {
      // One photograph that fails (its original cut off on the way) is reported; the run goes on.
      let reason: string | undefined;
      try {
        const res = await client.get(`${photoPath(gallery, photo.id)}/original`);
        if (res.ok) {
          const bytes = Buffer.from(await res.arrayBuffer());
          const failed = await sendMarked(client, gallery, photo.id, bytes, mark);
          if (failed && "reason" in failed) reason = failed.reason;
        } else reason = `the original answered ${res.status}`;
      } catch (error) {
        if (error instanceof UnreachableSite) throw error;
        reason = reasonOf(error);
      }
      if (reason) result.failed.push({ name: photo.name, reason });
      else {
        result.marked.push(photo.name);
        say(`marked ${photo.name}`);
      }
    });
  } finally {
    client.close();
  }
  return result;
}
