/**
 * Real (tiny) files for upload tests, built byte by byte: images with their headers and sizes, a
 * PDF header, MP4 with ftyp + moov/mvhd (versions 0 and 1) and WebM with its EBML header and
 * Segment/Info duration (or, like a browser recording, only clusters). The product checks uploads
 * by content (worker/domain/media/sniff.ts), so a test file must be what it says it is.
 */

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** A PNG signature and IHDR chunk (then filler bytes up to `bytes`). */
export function pngBytes(width = 2, height = 2, bytes = 64): Uint8Array {
  const head = [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32(13),
    ...text("IHDR"),
    ...u32(width),
    ...u32(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  return pad(head, bytes);
}

/** A JPEG: SOI, an APP0 segment, then a baseline frame header (SOF0) with its size. */
export function jpegBytes(width = 4, height = 3, bytes = 64): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...text("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    (height >> 8) & 0xff,
    height & 0xff,
    (width >> 8) & 0xff,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return pad([0xff, 0xd8, ...app0, ...sof0], bytes);
}

export function gifBytes(width = 1, height = 1): Uint8Array {
  return pad([...text("GIF89a"), ...u16le(width), ...u16le(height), 0, 0, 0], 32);
}

export function webpBytes(width = 3, height = 5): Uint8Array {
  // VP8X: the canvas size minus one, 24-bit little-endian.
  const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
  const chunk = [
    ...text("VP8X"),
    ...u32(10).reverse(),
    0,
    0,
    0,
    0,
    ...u24le(width - 1),
    ...u24le(height - 1),
  ];
  return pad([...text("RIFF"), ...u32(4 + chunk.length).reverse(), ...text("WEBP"), ...chunk], 40);
}

export const pdfBytes = () =>
  new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

function pad(head: number[], bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(bytes, head.length));
  out.set(head);
  return out;
}

function box(type: string, body: number[]): number[] {
  return [...u32(8 + body.length), ...text(type), ...body];
}

/**
 * An MP4: ftyp, then (moov before or after a filler mdat) moov/mvhd with the duration as
 * timescale × seconds, in mvhd version 0 or 1.
 */
export function mp4Bytes(
  seconds: number,
  options: { version?: 0 | 1; moovLast?: boolean; timescale?: number } = {},
): Uint8Array {
  const timescale = options.timescale ?? 1000;
  const duration = Math.round(seconds * timescale);
  const times =
    options.version === 1
      ? [
          ...u32(0),
          ...u32(0),
          ...u32(0),
          ...u32(0),
          ...u32(timescale),
          ...u32(Math.floor(duration / 2 ** 32)),
          ...u32(duration >>> 0),
        ]
      : [...u32(0), ...u32(0), ...u32(timescale), ...u32(duration)];
  const mvhd = box("mvhd", [options.version ?? 0, 0, 0, 0, ...times, ...Array.from({ length: 80 }, () => 0)]);
  const moov = box("moov", mvhd);
  const ftyp = box("ftyp", [...text("isom"), ...u32(512), ...text("isomiso2avc1mp41")]);
  const mdat = box(
    "mdat",
    Array.from({ length: 256 }, () => 0),
  );
  return new Uint8Array(options.moovLast ? [...ftyp, ...mdat, ...moov] : [...ftyp, ...moov, ...mdat]);
}

/** An EBML element: id bytes, a 1-byte (or 8-byte unknown) size, then the data. */
function ebml(id: number[], data: number[], unknownSize = false): number[] {
  if (unknownSize) return [...id, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...data];
  if (data.length < 127) return [...id, 0x80 | data.length, ...data];
  return [...id, 0x40 | (data.length >> 8), data.length & 0xff, ...data];
}

const float64 = (n: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  return [...new Uint8Array(view.buffer)];
};

/**
 * A WebM: the EBML header (DocType webm), then a Segment with Info (TimecodeScale 1 ms and the
 * Duration in ms) — or, as browsers record, no Duration and clusters whose timecodes say how long.
 */
export function webmBytes(
  seconds: number,
  options: { docType?: string; withDuration?: boolean } = {},
): Uint8Array {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    [
      ...ebml([0x42, 0x86], [1]),
      ...ebml([0x42, 0x82], text(options.docType ?? "webm")),
      ...ebml([0x42, 0x87], [4]),
    ],
  );
  const withDuration = options.withDuration ?? true;
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    [
      ...ebml([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]),
      ...(withDuration ? ebml([0x44, 0x89], float64(seconds * 1000)) : []),
    ],
  );
  const ms = Math.round(seconds * 1000);
  // One cluster at (ms − 500) with a SimpleBlock 500 ms in: the last frame is at `ms`.
  const base = Math.max(0, ms - 500);
  const cluster = ebml(
    [0x1f, 0x43, 0xb6, 0x75],
    [
      ...ebml([0xe7], [(base >>> 24) & 0xff, (base >>> 16) & 0xff, (base >>> 8) & 0xff, base & 0xff]),
      ...ebml([0xa3], [0x81, 0x01, 0xf4, 0x80, 0, 0, 0, 0]),
    ],
    true,
  );
  const segment = ebml([0x18, 0x53, 0x80, 0x67], [...info, ...cluster], true);
  return new Uint8Array([...header, ...segment]);
}

export const fileOf = (bytes: Uint8Array, name: string, type: string) => new File([bytes], name, { type });

/** The bytes followed by zeros up to `size` (a file of a given size whose headers stay valid). */
export function padTo(bytes: Uint8Array, size: number): Uint8Array {
  if (size <= bytes.length) return bytes;
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}
