/**
 * Real (tiny) files for upload tests, built byte by byte: images with their headers and sizes, a
 * PDF header, MP4 with ftyp + moov/mvhd (versions 0 and 1) and its tracks' sample tables (also
 * fragmented, and with headers that lie about the length) and WebM with its EBML header and
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

/** A WebP: by default an extended (VP8X) header with the canvas size; or a lossless (VP8L) or lossy (`VP8 `) frame header. */
export function webpBytes(width = 3, height = 5, format: "VP8X" | "VP8L" | "VP8 " = "VP8X"): Uint8Array {
  // VP8X: the canvas size minus one, 24-bit little-endian.
  const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
  const data =
    format === "VP8X"
      ? [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]
      : format === "VP8L"
        ? // The signature, then 14 bits of width − 1 and 14 of height − 1, least significant first.
          [0x2f, ...u32(((width - 1) | ((height - 1) << 14)) >>> 0).reverse(), 0]
        : // A key frame's tag, the start code, then 14-bit width and height.
          [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width & 0x3fff), ...u16le(height & 0x3fff)];
  const chunk = [...text(format), ...u32(data.length).reverse(), ...data];
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

/** A full box: version, 24-bit flags, then the body. */
function fullBox(type: string, version: number, flags: number, body: number[]): number[] {
  return box(type, [version, (flags >>> 16) & 0xff, (flags >>> 8) & 0xff, flags & 0xff, ...body]);
}

const zeros = (length: number) => Array.from({ length }, () => 0);

/** The time-to-sample entries of `ticks` in samples of `delta` (the last one shorter when it does not divide). */
function sampleRuns(ticks: number, delta: number): Array<[count: number, delta: number]> {
  const whole = Math.floor(ticks / delta);
  const rest = ticks - whole * delta;
  return [
    ...(whole ? [[whole, delta] as [number, number]] : []),
    ...(rest ? [[1, rest] as [number, number]] : []),
  ];
}

type TrackSpec = {
  id: number;
  handler: "vide" | "soun";
  timescale: number;
  /** The samples' real length, in the track's timescale, and one sample's delta. */
  ticks: number;
  delta: number;
  /** What mdhd claims, in the track's timescale. */
  mediaDuration: number;
  /** An edit list presenting this many movie-timescale ticks. */
  edit?: number;
  /** Fragmented: no samples in moov. */
  empty?: boolean;
};

function trak(track: TrackSpec): number[] {
  const runs = track.empty ? [] : sampleRuns(track.ticks, track.delta);
  const samples = runs.reduce((sum, [count]) => sum + count, 0);
  const tkhd = fullBox("tkhd", 0, 3, [...zeros(8), ...u32(track.id), ...zeros(4), ...zeros(4), ...zeros(60)]);
  const edts = track.edit
    ? box("edts", fullBox("elst", 0, 0, [...u32(1), ...u32(track.edit), ...u32(0), ...u32(0x0001_0000)]))
    : [];
  const mdhd = fullBox("mdhd", 0, 0, [
    ...zeros(8),
    ...u32(track.timescale),
    ...u32(track.mediaDuration),
    0x55,
    0xc4,
    0,
    0,
  ]);
  const hdlr = fullBox("hdlr", 0, 0, [...zeros(4), ...text(track.handler), ...zeros(12), ...text("Dars"), 0]);
  const stts = fullBox("stts", 0, 0, [
    ...u32(runs.length),
    ...runs.flatMap(([count, delta]) => [...u32(count), ...u32(delta)]),
  ]);
  const stsz = fullBox("stsz", 0, 0, [...u32(1), ...u32(samples)]);
  const stbl = box("stbl", [...fullBox("stsd", 0, 0, u32(0)), ...stts, ...stsz]);
  const minf = box("minf", stbl);
  return box("trak", [...tkhd, ...edts, ...box("mdia", [...mdhd, ...hdlr, ...minf])]);
}

/**
 * An MP4: ftyp, then (moov before or after a filler mdat) moov with mvhd (version 0 or 1) and a
 * video track (timescale 1000, 40 ms samples) whose sample table (stts, stsz) lasts `seconds` —
 * and an audio track (48 kHz, 1024-sample frames) when asked. By default every header agrees with
 * the samples; `headerSeconds` makes mvhd claim another length, `mediaHeaderSeconds` the video's mdhd.
 *
 * `fragments`: a fragmented MP4 (moov/mvex, the samples only in moof/traf/trun, mvhd's duration 0
 * as recorders write it, `fragmentHeaderSeconds` in mvex/mehd when given). The first fragment gives
 * each sample's duration in its trun, the second a default in its tfhd, the rest use trex's default.
 */
export function mp4Bytes(
  seconds: number,
  options: {
    version?: 0 | 1;
    moovLast?: boolean;
    timescale?: number;
    headerSeconds?: number;
    mediaHeaderSeconds?: number;
    audioSeconds?: number;
    editSeconds?: number;
    fragments?: number;
    fragmentHeaderSeconds?: number;
  } = {},
): Uint8Array {
  const timescale = options.timescale ?? 1000;
  const fragmented = (options.fragments ?? 0) > 0;
  const headerSeconds =
    options.headerSeconds ?? (fragmented ? 0 : Math.max(seconds, options.audioSeconds ?? 0));
  const duration = Math.round(headerSeconds * timescale);
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
  const mvhd = box("mvhd", [options.version ?? 0, 0, 0, 0, ...times, ...zeros(80)]);
  const videoTicks = Math.round(seconds * 1000);
  const video: TrackSpec = {
    id: 1,
    handler: "vide",
    timescale: 1000,
    ticks: videoTicks,
    delta: 40,
    mediaDuration: fragmented ? 0 : Math.round((options.mediaHeaderSeconds ?? seconds) * 1000),
    edit: options.editSeconds === undefined ? undefined : Math.round(options.editSeconds * timescale),
    empty: fragmented,
  };
  const tracks = [trak(video)];
  if (options.audioSeconds !== undefined) {
    const ticks = Math.round(options.audioSeconds * 48_000);
    tracks.push(
      trak({
        id: 2,
        handler: "soun",
        timescale: 48_000,
        ticks,
        delta: 1024,
        mediaDuration: ticks,
        empty: fragmented,
      }),
    );
  }
  const mvex = fragmented
    ? box("mvex", [
        ...(options.fragmentHeaderSeconds === undefined
          ? []
          : fullBox("mehd", 0, 0, u32(Math.round(options.fragmentHeaderSeconds * timescale)))),
        ...fullBox("trex", 0, 0, [...u32(1), ...u32(1), ...u32(40), ...u32(0), ...u32(0)]),
      ])
    : [];
  const moov = box("moov", [...mvhd, ...mvex, ...tracks.flat()]);
  const ftyp = box("ftyp", [...text("isom"), ...u32(512), ...text("isomiso2avc1mp41")]);
  const mdat = box("mdat", zeros(256));
  if (fragmented) return new Uint8Array([...ftyp, ...moov, ...fragmentsOf(videoTicks, options.fragments!)]);
  return new Uint8Array(options.moovLast ? [...ftyp, ...mdat, ...moov] : [...ftyp, ...moov, ...mdat]);
}

/** `count` moof + mdat pairs carrying `ticks` of 40 ms video samples of track 1 (see mp4Bytes). */
function fragmentsOf(ticks: number, count: number): number[] {
  const samples = sampleRuns(ticks, 40).flatMap(([n, delta]) => Array.from({ length: n }, () => delta));
  const per = Math.ceil(samples.length / count);
  const out: number[] = [];
  for (let index = 0; index < count; index++) {
    const part = samples.slice(index * per, (index + 1) * per);
    if (part.length === 0) break;
    const uniform = part.every((delta) => delta === 40);
    // The first fragment (and any with a shorter last sample) lists each duration; the others use defaults.
    const explicit = index === 0 || !uniform;
    const tfhd =
      index === 1 && !explicit
        ? fullBox("tfhd", 0, 0x020008, [...u32(1), ...u32(40)])
        : fullBox("tfhd", 0, 0x020000, u32(1));
    const trun = fullBox("trun", 0, explicit ? 0x000101 : 0x000001, [
      ...u32(part.length),
      ...u32(0),
      ...(explicit ? part.flatMap((delta) => u32(delta)) : []),
    ]);
    const moof = box("moof", [...fullBox("mfhd", 0, 0, u32(index + 1)), ...box("traf", [...tfhd, ...trun])]);
    out.push(...moof, ...box("mdat", zeros(16)));
  }
  return out;
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
