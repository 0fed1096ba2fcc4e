/**
 * The one stretch of a body `length` bytes long that a request's `Range` asks for (RFC 9110
 * §14.2), first and last byte inclusive: how a browser resumes a download. "whole" for no
 * `Range`, for one not served (several stretches, another unit, nonsense: ignored, as the RFC
 * allows) and for a stale one (`If-Range` naming another version than `etag`); "unsatisfiable"
 * for one starting past the end (416).
 */
export function byteRange(
  headers: { range: string | undefined; ifRange: string | undefined },
  etag: string,
  length: number,
): { first: number; last: number } | "whole" | "unsatisfiable" {
  const asked = /^bytes=(\d*)-(\d*)$/.exec(headers.range?.trim() ?? "");
  if (!asked || (headers.ifRange !== undefined && headers.ifRange !== etag)) return "whole";
  const [, from = "", to = ""] = asked;
  if (from === "") {
    // The last `to` bytes.
    if (to === "" || Number(to) === 0) return "unsatisfiable";
    return { first: Math.max(0, length - Number(to)), last: length - 1 };
  }
  const first = Number(from);
  const last = to === "" ? length - 1 : Math.min(Number(to), length - 1);
  if (first >= length) return "unsatisfiable";
  return last < first ? "whole" : { first, last };
}
