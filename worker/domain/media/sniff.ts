/**
 * Uploads checked by their content, not by the type the client declares: small pure readers of
 * the file signatures and container headers (no dependency).
 *
 * - Images: PNG, JPEG, GIF and WebP by signature, with the width and height their headers give.
 * - PDF: the `%PDF-` header.
 * - Video: MP4 (ISO BMFF: an `ftyp` box first; the duration from the video track's own samples,
 *   `stts` ÷ `mdhd` timescale, or for a fragmented file the sum of its `moof/traf/trun` sample
 *   durations; the headers that state a length, `mvhd`, `mdhd` and `mvex/mehd`, must agree with
 *   the samples) and WebM (the EBML header with DocType `webm`; the duration from Segment/Info Duration ×
 *   TimecodeScale, or, for recordings that leave it out, from the last cluster's timecodes).
 */

import { bounds } from "../../../schema/rules";

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type SniffedImage = { type: ImageType; width: number; height: number };
export type VideoType = "video/mp4" | "video/webm";
/**
 * `problem`: the container is readable but its headers contradict its samples (a length claimed
 * in `mvhd` that the tracks do not have): refused with that code.
 */
export type SniffedVideo = { type: VideoType; seconds: number | null; problem?: "mismatched-video-duration" };

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = { size: number; read(offset: number, length: number): Promise<Uint8Array> };

const MAX_IMAGE_SIDE = bounds.image.maxSide;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24be = (b: Uint8Array, i: number) => (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
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

/**
 * The image's real type and the dimensions its header declares, however large (the caller checks
 * them against bounds.image), or null when the bytes are not a PNG, JPEG, GIF or WebP.
 */
export function readImageHeader(bytes: Uint8Array): SniffedImage | null {
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
  return found;
}

/** The image's real type and dimensions, or null when the bytes are not a usable PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const found = readImageHeader(bytes);
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

/** A box inside bytes in memory: its type, where its body starts and where it ends. */
type Box = { type: string; start: number; body: number; end: number };

/** Bytes past a box's end, a box past its parent's: the file is not what it says. */
const broken = (): never => {
  throw new RangeError("malformed MP4 box");
};

/** The boxes of b[from, to), in order; a box that does not fit is `broken`. Trailing bytes shorter than a header are ignored. */
function* boxesIn(b: Uint8Array, from: number, to: number): Generator<Box> {
  if (to > b.length) broken();
  let i = from;
  while (i + 8 <= to) {
    let size = u32be(b, i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > to) broken();
      size = u64be(b, i + 8);
      header = 16;
    } else if (size === 0) size = to - i;
    if (size < header || i + size > to) broken();
    yield { type: ascii(b, i + 4, 4), start: i, body: i + header, end: i + size };
    i += size;
  }
}

const childOf = (b: Uint8Array, parent: Box | null, type: string): Box | null => {
  if (!parent) return null;
  for (const box of boxesIn(b, parent.body, parent.end)) if (box.type === type) return box;
  return null;
};
const childrenOf = (b: Uint8Array, parent: Box, type: string): Box[] =>
  [...boxesIn(b, parent.body, parent.end)].filter((box) => box.type === type);

/** A field of `length` bytes at `at` must lie inside the box. */
const within = (box: Box, at: number, length: number) => {
  if (at + length > box.end) broken();
};

/** mvhd's and mdhd's timescale and duration (versions 0 and 1; all ones: unknown, null). */
function timesOf(b: Uint8Array, box: Box): { timescale: number; duration: number | null } {
  const version = b[box.body];
  if (version === 0) {
    within(box, box.body, 20);
    const duration = u32be(b, box.body + 16);
    return { timescale: u32be(b, box.body + 12), duration: duration === 0xffffffff ? null : duration };
  }
  if (version !== 1) broken();
  within(box, box.body, 32);
  const unknown = u32be(b, box.body + 24) === 0xffffffff && u32be(b, box.body + 28) === 0xffffffff;
  return { timescale: u32be(b, box.body + 20), duration: unknown ? null : u64be(b, box.body + 24) };
}

type Track = {
  id: number;
  handler: string;
  timescale: number;
  /** What mdhd states, in the track's timescale (null: unknown). */
  declared: number | null;
  /** The samples' total duration (stts, then the fragments'), in the track's timescale. */
  ticks: number;
  samples: number;
  /** stsz's (or stz2's) sample count. */
  sized: number | null;
  /** The edit list's total, in the movie's timescale (null without one). */
  edited: number | null;
};

function readTrack(b: Uint8Array, trak: Box): Track | null {
  const tkhd = childOf(b, trak, "tkhd");
  const mdia = childOf(b, trak, "mdia");
  const mdhd = childOf(b, mdia, "mdhd");
  const hdlr = childOf(b, mdia, "hdlr");
  if (!tkhd || !mdhd || !hdlr) return null;
  const idAt = tkhd.body + (b[tkhd.body] === 1 ? 20 : 12);
  within(tkhd, idAt, 4);
  within(hdlr, hdlr.body + 8, 4);
  const { timescale, duration } = timesOf(b, mdhd);
  const stbl = childOf(b, childOf(b, mdia, "minf"), "stbl");
  let ticks = 0;
  let samples = 0;
  const stts = childOf(b, stbl, "stts");
  if (stts) {
    within(stts, stts.body, 8);
    const entries = u32be(b, stts.body + 4);
    within(stts, stts.body + 8, entries * 8);
    for (let k = 0; k < entries; k++) {
      const count = u32be(b, stts.body + 8 + k * 8);
      samples += count;
      ticks += count * u32be(b, stts.body + 12 + k * 8);
    }
  }
  const stsz = childOf(b, stbl, "stsz") ?? childOf(b, stbl, "stz2");
  if (stsz) within(stsz, stsz.body, 12);
  const elst = childOf(b, childOf(b, trak, "edts"), "elst");
  let edited: number | null = null;
  if (elst) {
    within(elst, elst.body, 8);
    const long = b[elst.body] === 1;
    const entries = u32be(b, elst.body + 4);
    const size = long ? 20 : 12;
    within(elst, elst.body + 8, entries * size);
    edited = 0;
    for (let k = 0; k < entries; k++) {
      const at = elst.body + 8 + k * size;
      edited += long ? u64be(b, at) : u32be(b, at);
    }
  }
  return {
    id: u32be(b, idAt),
    handler: ascii(b, hdlr.body + 8, 4),
    timescale,
    declared: duration,
    ticks,
    samples,
    sized: stsz ? u32be(b, stsz.body + 8) : null,
    edited: edited || null,
  };
}

/** The total sample duration per track id of one moof (trun durations, else tfhd's, else trex's default). */
function fragmentTicks(
  b: Uint8Array,
  moof: Box,
  trexDefaults: Map<number, number>,
  into: Map<number, number>,
) {
  for (const traf of childrenOf(b, moof, "traf")) {
    const tfhd = childOf(b, traf, "tfhd") ?? broken();
    within(tfhd, tfhd.body, 8);
    const flags = u24be(b, tfhd.body + 1);
    const id = u32be(b, tfhd.body + 4);
    let at = tfhd.body + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    let fallback = trexDefaults.get(id) ?? 0;
    if (flags & 0x08) {
      within(tfhd, at, 4);
      fallback = u32be(b, at);
    }
    let ticks = into.get(id) ?? 0;
    for (const trun of childrenOf(b, traf, "trun")) {
      within(trun, trun.body, 8);
      const runFlags = u24be(b, trun.body + 1);
      const count = u32be(b, trun.body + 4);
      at = trun.body + 8 + (runFlags & 0x01 ? 4 : 0) + (runFlags & 0x04 ? 4 : 0);
      if (runFlags & 0x100) {
        // Each sample's record holds the fields its flags name (duration, size, flags, composition offset), 4 bytes each.
        const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => runFlags & bit).length;
        within(trun, at, count * stride);
        for (let k = 0; k < count; k++) ticks += u32be(b, at + k * stride);
      } else {
        if (count > 0 && fallback === 0) broken();
        ticks += count * fallback;
      }
    }
    into.set(id, ticks);
  }
}

/** The largest moov or moof read into memory (a 3-minute video's sample tables are well under 1 MB). */
const MAX_MOVIE_BOX_BYTES = 16 * 1024 * 1024;
/** Top-level boxes walked in a fragmented file (each fragment is a moof and an mdat). */
const MAX_TOP_LEVEL_BOXES = 4_000;
/** Top-level box headers are read through a window of this size (a fragment's moof and the next mdat's header in one read). */
const WINDOW_BYTES = 64 * 1024;

/** A reader that keeps the last window it read (R2 reads are ranged requests). */
function windowed(reader: ByteReader): (offset: number, length: number) => Promise<Uint8Array> {
  let at = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  return async (offset, length) => {
    if (offset >= at && offset + length <= at + bytes.length)
      return bytes.subarray(offset - at, offset - at + length);
    if (length > WINDOW_BYTES) return reader.read(offset, length);
    at = offset;
    bytes = await reader.read(offset, WINDOW_BYTES);
    return bytes.subarray(0, length);
  };
}

type Movie = {
  timescale: number;
  declared: number | null;
  fragmented: boolean;
  fragmentDeclared: number | null;
};

function readMovie(
  b: Uint8Array,
  moov: Box,
): { movie: Movie; tracks: Track[]; trex: Map<number, number> } | null {
  const mvhd = childOf(b, moov, "mvhd");
  if (!mvhd) return null;
  const { timescale, duration } = timesOf(b, mvhd);
  const mvex = childOf(b, moov, "mvex");
  const trex = new Map<number, number>();
  let fragmentDeclared: number | null = null;
  if (mvex) {
    for (const box of childrenOf(b, mvex, "trex")) {
      within(box, box.body, 16);
      trex.set(u32be(b, box.body + 4), u32be(b, box.body + 12));
    }
    const mehd = childOf(b, mvex, "mehd");
    if (mehd) {
      const long = b[mehd.body] === 1;
      within(mehd, mehd.body, long ? 12 : 8);
      fragmentDeclared = long ? u64be(b, mehd.body + 4) : u32be(b, mehd.body + 4);
    }
  }
  const tracks: Track[] = [];
  for (const trak of childrenOf(b, moov, "trak")) {
    const track = readTrack(b, trak);
    if (track) tracks.push(track);
  }
  return {
    movie: { timescale, declared: duration, fragmented: mvex !== null, fragmentDeclared },
    tracks,
    trex,
  };
}

/**
 * The video's length from its samples, checked against what its headers state
 * (`bounds.videoDurationToleranceSeconds`):
 * - a plain file: each track's stts against its mdhd, and mvhd against the longest audio or video
 *   track as played (its edit list may shorten it, never lengthen it); stsz must count the same samples;
 * - a fragmented file: the samples in moov plus every fragment's trun, against mvex/mehd when it is
 *   there (mvhd and mdhd then only cover what moov itself holds, usually nothing, and are not used).
 * The length answered is the video track's (the longest when there are several); no video track or
 * no samples: not a video we accept.
 */
function lengthOf(movie: Movie, tracks: Track[]): SniffedVideo | null {
  const tolerance = bounds.videoDurationToleranceSeconds;
  const media = tracks.filter((track) => track.handler === "vide" || track.handler === "soun");
  if (media.some((track) => track.timescale === 0) || movie.timescale === 0) return null;
  let mismatch = false;
  const played = (track: Track) => {
    const real = track.ticks / track.timescale;
    if (movie.fragmented || track.edited === null) return real;
    return Math.min(real, track.edited / movie.timescale);
  };
  if (!movie.fragmented)
    for (const track of media) {
      if (track.sized !== null && track.sized !== track.samples) mismatch = true;
      if (track.declared && Math.abs((track.declared - track.ticks) / track.timescale) > tolerance)
        mismatch = true;
    }
  const videos = media.filter((track) => track.handler === "vide");
  const seconds = Math.max(0, ...videos.map(played));
  if (videos.length === 0 || seconds <= 0) return null;
  const longest = Math.max(...media.map(played));
  const declared = movie.fragmented ? movie.fragmentDeclared : movie.declared;
  if (declared && Math.abs(declared / movie.timescale - longest) > tolerance) mismatch = true;
  return mismatch
    ? { type: "video/mp4", seconds, problem: "mismatched-video-duration" }
    : { type: "video/mp4", seconds };
}

async function sniffMp4(reader: ByteReader): Promise<SniffedVideo | null> {
  const read = windowed(reader);
  let found: ReturnType<typeof readMovie> = null;
  const fragmentTicksById = new Map<number, number>();
  let offset = 0;
  for (let count = 0; offset < reader.size; count++) {
    if (count >= MAX_TOP_LEVEL_BOXES) return null;
    const head = await read(offset, 16);
    if (head.length < 8) {
      // A few stray bytes after a complete movie are ignored; a file cut inside a header is not a video.
      if (found) break;
      return null;
    }
    let size = u32be(head, 0);
    const type = ascii(head, 4, 4);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = u64be(head, 8);
      header = 16;
    } else if (size === 0) size = reader.size - offset;
    if (size < header || offset + size > reader.size) return null;
    if (count === 0 && type !== "ftyp") return null;
    if (type === "moov" || (type === "moof" && found?.movie.fragmented)) {
      if (size > MAX_MOVIE_BOX_BYTES) return null;
      const bytes = await read(offset, size);
      if (bytes.length < size) return null;
      const whole: Box = { type, start: 0, body: header, end: size };
      if (type === "moov") {
        if (found) return null;
        found = readMovie(bytes, whole);
        if (!found) return null;
        // A plain file's samples are all described in moov: nothing after it matters.
        if (!found.movie.fragmented) break;
      } else fragmentTicks(bytes, whole, found!.trex, fragmentTicksById);
    }
    offset += size;
  }
  if (!found) return null;
  for (const track of found.tracks) track.ticks += fragmentTicksById.get(track.id) ?? 0;
  return lengthOf(found.movie, found.tracks);
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
