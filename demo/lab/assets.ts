// The lab fetching a print file, as a real lab does after it accepts an order: so a signed,
// expiring URL on the site is really exercised. What came back is recorded; an answer that is
// not a JPEG, PNG or TIFF image (an error page, a login form) counts as a failure, as does a
// file whose MD5 differs from the one the order gave.
import { createHash } from "node:crypto";

export interface Download {
  assetId: string;
  url: string;
  at: string;
  ok: boolean;
  status?: number;
  contentType?: string;
  bytes?: number;
  md5?: string;
  /** Why the file is unusable. */
  problem?: string;
}

const PRINTABLE = /^image\/(jpeg|png|tiff)\b/i;

/** Where the lab gets a file: the network, or what a test hands it (`/_control/orders/{id}/files`). */
export type Fetcher = (url: string, timeoutMs: number) => Promise<Response>;

const fromNetwork: Fetcher = (url, timeoutMs) =>
  fetch(url, { signal: AbortSignal.timeout(timeoutMs) });

export async function download(
  assetId: string,
  url: string,
  expectedMd5: string | null,
  timeoutMs: number,
  fetcher: Fetcher = fromNetwork,
): Promise<Download> {
  const record: Download = { assetId, url, at: new Date().toISOString(), ok: false };
  try {
    const response = await fetcher(url, timeoutMs);
    const body = Buffer.from(await response.arrayBuffer());
    record.status = response.status;
    record.contentType = response.headers.get("content-type") ?? "";
    record.bytes = body.length;
    record.md5 = createHash("md5").update(body).digest("hex");
    if (!response.ok) record.problem = `The server answered ${response.status}`;
    else if (!PRINTABLE.test(record.contentType)) {
      record.problem = `Not a printable image (${record.contentType || "no content type"})`;
    } else if (expectedMd5 && expectedMd5.toLowerCase() !== record.md5) {
      record.problem = "The file's MD5 differs from the order's md5Hash";
    }
  } catch (error) {
    record.problem = `Could not download: ${error instanceof Error ? (error.cause ?? error) : error}`;
  }
  record.ok = record.problem === undefined;
  return record;
}
