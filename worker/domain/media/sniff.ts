/**
 * Uploads checked by their content, not by the type the client declares: small pure readers of
 * the file signatures and container headers (no dependency).
 *
 * - Images: PNG, JPEG, GIF and WebP by signature, with the width and height their headers give.
 * - PDF: the `%PDF-` header.
 * - Video: MP4 (ISO BMFF: an `ftyp` box first; the duration from `moov/mvhd`, versions 0 and 1)
 *   and WebM (the EBML header with DocType `webm`; the duration from Segment/Info Duration ×
 *   TimecodeScale, or, for recordings that leave it out, from the last cluster's timecodes).
 */

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type SniffedImage = { type: ImageType; width: number; height: number };
export type VideoType = "video/mp4" | "video/webm";
export type SniffedVideo = { type: VideoType; seconds: number | null };

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = { size: number; read(offset: number, length: number): Promise<Uint8Array> };

/** The largest side an image may declare (a decoded bitmap beyond this is an attack or an error). */
const MAX_IMAGE_SIDE = 20_000;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u64be = (b: Uint8Array, i: number) => u32be(b, i) * 2 ** 32 + u32be(b, i + 4);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    // SOFn (not DHT C4, JPG C8, DAC CC) carries the frame's height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && b.length >= 30 && startsWith(b, [0x9d, 0x01, 0x2a], 23))
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The image's real type and dimensions, or null when the bytes are not a usable PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  let found: SniffedImage | null = null;
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    bytes.length >= 24 &&
    ascii(bytes, 12, 4) === "IHDR"
  ) {
    found = { type: "image/png", width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes);
    if (size) found = { type: "image/jpeg", ...size };
  } else if ((ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") && bytes.length >= 10) {
    found = { type: "image/gif", width: u16le(bytes, 6), height: u16le(bytes, 8) };
  } else if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    const size = webpSize(bytes);
    if (size) found = { type: "image/webp", ...size };
  }
  if (!found) return null;
  const sane = (side: number) => side >= 1 && side <= MAX_IMAGE_SIDE;
  return sane(found.width) && sane(found.height) ? found : null;
}

/** A PDF starts with `%PDF-` and a version digit. */
export function isPdf(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 5) === "%PDF-" && bytes.length > 5 && bytes[5]! >= 0x30 && bytes[5]! <= 0x39;
}

// ---------------------------------------------------------------------------------------------
// MP4 (ISO base media file format)

type Box = { type: string; start: number; headerSize: number; size: number };

async function readBox(reader: ByteReader, offset: number, end: number): Promise<Box | null> {
  if (offset + 8 > end) return null;
  const head = await reader.read(offset, 16);
  if (head.length < 8) return null;
  let size = u32be(head, 0);
  const type = ascii(head, 4, 4);
  let headerSize = 8;
  if (size === 1) {
    if (head.length < 16) return null;
    size = u64be(head, 8);
    headerSize = 16;
  } else if (size === 0) size = end - offset;
  if (size < headerSize || offset + size > end) return null;
  return { type, start: offset, headerSize, size };
}

/** The first child box of `type` in [from, end), or null. */
async function findBox(reader: ByteReader, from: number, end: number, type: string): Promise<Box | null> {
  let offset = from;
  for (let count = 0; count < 10_000; count++) {
    const box = await readBox(reader, offset, end);
    if (!box) return null;
    if (box.type === type) return box;
    offset += box.size;
  }
  return null;
}

async function sniffMp4(reader: ByteReader): Promise<SniffedVideo | null> {
  const first = await readBox(reader, 0, reader.size);
  if (!first || first.type !== "ftyp") return null;
  const moov = await findBox(reader, first.size, reader.size, "moov");
  if (!moov) return null;
  const mvhd = await findBox(reader, moov.start + moov.headerSize, moov.start + moov.size, "mvhd");
  if (!mvhd) return null;
  const body = await reader.read(mvhd.start + mvhd.headerSize, 32);
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 0 && body.length >= 20) {
    timescale = u32be(body, 12);
    duration = u32be(body, 16);
  } else if (version === 1 && body.length >= 32) {
    timescale = u32be(body, 20);
    duration = u64be(body, 24);
  } else return null;
  if (timescale === 0) return null;
  return { type: "video/mp4", seconds: duration / timescale };
}

// ---------------------------------------------------------------------------------------------
// WebM (Matroska's EBML)

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

/** An element id (its marker bits kept, as the spec writes ids) at i, and its length. */
function readId(b: Uint8Array, i: number): { value: number; length: number } | null {
  const first = b[i];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 4 || i + length > b.length) return null;
  let value = 0;
  for (let k = 0; k < length; k++) value = value * 256 + b[i + k]!;
  return { value, length };
}

/** A data size (marker bit removed; null value: unknown size) at i, and its length. */
function readSize(b: Uint8Array, i: number): { value: number | null; length: number } | null {
  const first = b[i];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || i + length > b.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    value = value * 256 + b[i + k]!;
    if (b[i + k] !== 0xff) allOnes = false;
  }
  return { value: allOnes ? null : value, length };
}

const readUint = (b: Uint8Array, i: number, length: number) => {
  let value = 0;
  for (let k = 0; k < length; k++) value = value * 256 + b[i + k]!;
  return value;
};

function readFloat(b: Uint8Array, i: number, length: number): number | null {
  const view = new DataView(b.buffer, b.byteOffset + i, length);
  if (length === 4) return view.getFloat32(0);
  if (length === 8) return view.getFloat64(0);
  return null;
}

type Element = { id: number; dataStart: number; size: number | null };

function readElement(b: Uint8Array, i: number): Element | null {
  const id = readId(b, i);
  if (!id) return null;
  const size = readSize(b, i + id.length);
  if (!size) return null;
  return { id: id.value, dataStart: i + id.length + size.length, size: size.value };
}

/** The last cluster's end in seconds, scanned from the file's tail (for recordings without Duration). */
async function durationFromTail(reader: ByteReader, scale: number): Promise<number | null> {
  const tailLength = Math.min(reader.size, 2 * 1024 * 1024);
  const tail = await reader.read(reader.size - tailLength, tailLength);
  for (let i = tail.length - 4; i >= 0; i--) {
    if (tail[i] !== 0x1f || tail[i + 1] !== 0x43 || tail[i + 2] !== 0xb6 || tail[i + 3] !== 0x75) continue;
    const cluster = readElement(tail, i);
    if (!cluster || cluster.id !== CLUSTER) continue;
    let j = cluster.dataStart;
    let base: number | null = null;
    let latest = 0;
    while (j < tail.length) {
      const element = readElement(tail, j);
      if (!element || element.size === null || element.dataStart + element.size > tail.length) break;
      if (element.id === CLUSTER_TIMECODE) base = readUint(tail, element.dataStart, element.size);
      const block =
        element.id === SIMPLE_BLOCK
          ? element.dataStart
          : element.id === BLOCK_GROUP
            ? blockIn(tail, element)
            : null;
      if (block !== null) {
        const track = readSize(tail, block);
        if (track) {
          const relative = new DataView(tail.buffer, tail.byteOffset + block + track.length, 2).getInt16(0);
          latest = Math.max(latest, relative);
        }
      }
      if (element.id === CLUSTER) break;
      j = element.dataStart + element.size;
    }
    if (base !== null) return ((base + latest) * scale) / 1e9;
  }
  return null;
}

function blockIn(b: Uint8Array, group: Element): number | null {
  let j = group.dataStart;
  const end = group.dataStart + (group.size ?? 0);
  while (j < end) {
    const element = readElement(b, j);
    if (!element || element.size === null) return null;
    if (element.id === BLOCK) return element.dataStart;
    j = element.dataStart + element.size;
  }
  return null;
}

async function sniffWebm(reader: ByteReader): Promise<SniffedVideo | null> {
  const head = await reader.read(0, Math.min(reader.size, 256 * 1024));
  const header = readElement(head, 0);
  if (!header || header.id !== EBML || header.size === null) return null;
  let docType: string | null = null;
  for (let i = header.dataStart; i < header.dataStart + header.size;) {
    const element = readElement(head, i);
    if (!element || element.size === null) return null;
    if (element.id === DOC_TYPE) docType = ascii(head, element.dataStart, element.size).replace(/\0+$/, "");
    i = element.dataStart + element.size;
  }
  if (docType !== "webm") return null;
  const segment = readElement(head, header.dataStart + header.size);
  if (!segment || segment.id !== SEGMENT) return null;
  let scale = 1_000_000;
  let duration: number | null = null;
  for (let i = segment.dataStart; i < head.length;) {
    const element = readElement(head, i);
    if (!element || element.size === null || element.id === CLUSTER) break;
    if (element.id === INFO) {
      for (let j = element.dataStart; j < element.dataStart + element.size;) {
        const child = readElement(head, j);
        if (!child || child.size === null) break;
        if (child.id === TIMECODE_SCALE) scale = readUint(head, child.dataStart, child.size);
        if (child.id === DURATION) duration = readFloat(head, child.dataStart, child.size);
        j = child.dataStart + child.size;
      }
      break;
    }
    i = element.dataStart + element.size;
  }
  const seconds =
    duration !== null && Number.isFinite(duration) && duration > 0
      ? (duration * scale) / 1e9
      : await durationFromTail(reader, scale);
  return { type: "video/webm", seconds };
}

/** The video's real container and its duration in seconds (null when the container does not say). */
export async function sniffVideo(reader: ByteReader): Promise<SniffedVideo | null> {
  if (reader.size < 12) return null;
  const start = await reader.read(0, 12);
  try {
    if (ascii(start, 4, 4) === "ftyp") return await sniffMp4(reader);
    if (u32be(start, 0) === EBML) return await sniffWebm(reader);
  } catch {
    // A header that points outside the file or a truncated element: not a video we accept.
    return null;
  }
  return null;
}

/** A reader over an uploaded File. */
export const fileReader = (file: Blob): ByteReader => ({
  size: file.size,
  read: async (offset, length) =>
    new Uint8Array(await file.slice(offset, Math.min(file.size, offset + length)).arrayBuffer()),
});

/** A reader over an R2 object (ranged reads: the whole file is never loaded). */
export const r2Reader = (bucket: R2Bucket, key: string, size: number): ByteReader => ({
  size,
  async read(offset, length) {
    const clamped = Math.max(0, Math.min(length, size - offset));
    if (clamped === 0) return new Uint8Array(0);
    const object = await bucket.get(key, { range: { offset, length: clamped } });
    return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array(0);
  },
});
