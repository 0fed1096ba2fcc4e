/**
 * A licensed file carries its licence: the worker writes an XMP packet into the JPEG on the way
 * out, in the names Lightroom and IPTC's Photo Metadata Standard use (the PLUS licensing
 * properties of the IPTC Extension, XMP Rights Management, Dublin Core), so any program that
 * reads a photograph's rights (Lightroom, Bridge, exiftool) shows who licensed what to whom, on
 * which terms, under which licence. The photograph's own XMP, if any, is replaced; everything
 * else in the file (EXIF, ICC profile, the image) is kept byte for byte.
 */
import { escapeXml } from "../lib/xml.ts";

export interface LicenceMetadata {
  /** The seller, who grants the licence: the site's owner. */
  licensor: string;
  licensorUrl: string;
  /** Who made the photograph (its credit line), who holds its copyright. */
  creator: string;
  /** The buyer. */
  licensee: string;
  /** The licence's name in the catalogue ("Editorial"). */
  licenceType: string;
  /** The terms page (an absolute address). */
  termsUrl: string;
  /**
   * The licence's id: its order's reference and line ("3MWV4FQK-1"), which the owner finds the
   * order by. Never the order's id, the key to its page: the file is published.
   */
  licenceId: string;
  /** "© Jane Doe" */
  copyright: string;
  /** The photograph's title. */
  title: string;
}

const alt = (text: string) =>
  `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;

/** The XMP packet of a licence. */
export function licenceXmp(meta: LicenceMetadata): string {
  const usage = `${meta.licenceType} licence granted by ${meta.licensor} to ${meta.licensee} (licence ${meta.licenceId}). Terms: ${meta.termsUrl}`;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"',
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"',
    ' xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/"',
    ` xmpRights:Marked="True"`,
    ` xmpRights:WebStatement="${escapeXml(meta.termsUrl)}"`,
    ` photoshop:Credit="${escapeXml(meta.creator)}"`,
    ` plus:LicenseID="${escapeXml(meta.licenceId)}"`,
    ` plus:MinorModelAgeDisclosure="http://ns.useplus.org/ldf/vocab/AG-UNK">`,
    `<dc:title>${alt(meta.title)}</dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.creator)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:rights>${alt(meta.copyright)}</dc:rights>`,
    `<xmpRights:UsageTerms>${alt(usage)}</xmpRights:UsageTerms>`,
    // Which licence, in a field of its own (PLUS's "Other License Info"), not only in the terms.
    `<plus:OtherLicenseInfo>${alt(meta.licenceType)}</plus:OtherLicenseInfo>`,
    '<plus:Licensor><rdf:Seq><rdf:li rdf:parseType="Resource">',
    `<plus:LicensorName>${escapeXml(meta.licensor)}</plus:LicensorName>`,
    `<plus:LicensorURL>${escapeXml(meta.licensorUrl)}</plus:LicensorURL>`,
    "</rdf:li></rdf:Seq></plus:Licensor>",
    '<plus:Licensee><rdf:Seq><rdf:li rdf:parseType="Resource">',
    `<plus:LicenseeName>${escapeXml(meta.licensee)}</plus:LicenseeName>`,
    "</rdf:li></rdf:Seq></plus:Licensee>",
    '<plus:CopyrightOwner><rdf:Seq><rdf:li rdf:parseType="Resource">',
    `<plus:CopyrightOwnerName>${escapeXml(meta.creator)}</plus:CopyrightOwnerName>`,
    "</rdf:li></rdf:Seq></plus:CopyrightOwner>",
    "</rdf:Description>",
    "</rdf:RDF>",
    "</x:xmpmeta>",
    '<?xpacket end="w"?>',
  ].join("\n");
}

const XMP_HEADER = "http://ns.adobe.com/xap/1.0/\0";
const encoder = new TextEncoder();
/** An APP1 segment holds at most 65 533 bytes after its length. */
const MAX_SEGMENT = 65_533;

/** Whether an APP1 segment's body is an XMP packet. */
function isXmp(bytes: Uint8Array, start: number, end: number): boolean {
  const header = encoder.encode(XMP_HEADER);
  if (end - start < header.length) return false;
  return header.every((byte, i) => bytes[start + i] === byte);
}

/**
 * The JPEG with `xmp` as its XMP packet: a new APP1 segment after the JFIF/EXIF segments at the
 * start, any XMP it had dropped. Throws for anything that is not a JPEG.
 */
export function withXmp(jpeg: Uint8Array, xmp: string): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("Not a JPEG");
  const body = encoder.encode(XMP_HEADER + xmp);
  if (body.length > MAX_SEGMENT) throw new Error("The XMP packet is too large for one segment");
  const segment = new Uint8Array(4 + body.length);
  segment.set([0xff, 0xe1, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff]);
  segment.set(body, 4);

  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  let inserted = false;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1] ?? 0;
    // Start of scan (or anything not an APPn/COM before it): the rest is the image.
    if (marker === 0xda || !((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe)) break;
    const length = ((jpeg[offset + 2] ?? 0) << 8) | (jpeg[offset + 3] ?? 0);
    const end = offset + 2 + length;
    if (length < 2 || end > jpeg.length) throw new Error("A malformed JPEG segment");
    // JFIF (APP0) and EXIF (APP1) stay first, as readers expect; the XMP follows them.
    if (!inserted && marker !== 0xe0 && !(marker === 0xe1 && !isXmp(jpeg, offset + 4, end))) {
      kept.push(segment);
      inserted = true;
    }
    if (!(marker === 0xe1 && isXmp(jpeg, offset + 4, end))) kept.push(jpeg.subarray(offset, end));
    offset = end;
  }
  if (!inserted) kept.push(segment);
  kept.push(jpeg.subarray(offset));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether the byte at `offset` starts a segment that withXmp reads (an APPn or a comment). */
const isHeadSegment = (jpeg: Uint8Array, offset: number) => {
  const marker = jpeg[offset + 1] ?? 0;
  return jpeg[offset] === 0xff && ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe);
};

/**
 * Where the segments withXmp rewrites end in the first bytes of a JPEG (the image follows), or
 * undefined while they go on past `jpeg`'s end.
 */
function headEnd(jpeg: Uint8Array): number | undefined {
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (!isHeadSegment(jpeg, offset)) return offset;
    const length = ((jpeg[offset + 2] ?? 0) << 8) | (jpeg[offset + 3] ?? 0);
    // A malformed length is withXmp's to refuse: the head goes to it with that segment in.
    if (length < 2) return offset + 4;
    const end = offset + 2 + length;
    if (end > jpeg.length) return undefined;
    offset = end;
  }
  return undefined;
}

/**
 * withXmp for a JPEG on its way, without holding it: its first segments are read and rewritten,
 * the image after them passes through as it comes (an original of 100 MB would not fit twice in
 * a worker's memory). Rejects, before anything is sent, for what is not a JPEG.
 */
export async function withXmpStream(
  jpeg: ReadableStream<Uint8Array>,
  xmp: string,
): Promise<ReadableStream<Uint8Array>> {
  const reader = jpeg.getReader();
  let head = new Uint8Array(0);
  let end: number | undefined;
  let done = false;
  while (end === undefined && !done) {
    const read = await reader.read();
    done = read.done;
    if (read.value) {
      const joined = new Uint8Array(head.length + read.value.length);
      joined.set(head);
      joined.set(read.value, head.length);
      head = joined;
    }
    if (head.length >= 2 && (head[0] !== 0xff || head[1] !== 0xd8)) break;
    end = headEnd(head);
  }
  const cut = end ?? head.length;
  const first = withXmp(head.subarray(0, cut), xmp);
  const rest = head.subarray(cut);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      if (rest.length > 0) controller.enqueue(rest);
      if (done) controller.close();
    },
    async pull(controller) {
      const read = await reader.read();
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
