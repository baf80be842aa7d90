// Small media files generated in the test, so no binary fixtures are checked in.
import { crc32, deflateSync } from "node:zlib";
import type { Page } from "playwright-core";

// ---------------------------------------------------------------------------------------------
// PNG

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A solid-colour RGB PNG of the given size. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// WebM (Matroska): EBML header, Segment { Info with Duration, one VP8 track, one Cluster }

function sized(size: number): Buffer {
  // An 8-byte EBML size: 0x01 then 7 bytes of value.
  const bytes = Buffer.alloc(8);
  bytes[0] = 0x01;
  let value = BigInt(size);
  for (let i = 7; i >= 1; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
}
const element = (id: string, data: Buffer) =>
  Buffer.concat([Buffer.from(id, "hex"), sized(data.length), data]);
const uint = (value: number, bytes: number) => {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
};
const float64 = (value: number) => {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return out;
};

/**
 * A WebM whose header says it lasts `seconds`, holding one real VP8 key frame (encoded by the
 * browser with WebCodecs) of a 16×16 picture. Browsers read the duration from the Info element,
 * which is what the intro-video form checks (1 to 3 minutes). `padding` bytes of Void make it
 * larger (to watch an upload's progress and stop it).
 */
export function webmWithDuration(
  seconds: number,
  keyFrame: Buffer,
  { size = 16, padding = 0 }: { size?: number; padding?: number } = {},
): Buffer {
  const ebml = element(
    "1a45dfa3",
    Buffer.concat([
      element("4286", uint(1, 1)),
      element("42f7", uint(1, 1)),
      element("42f2", uint(4, 1)),
      element("42f3", uint(8, 1)),
      element("4282", Buffer.from("webm")),
      element("4287", uint(2, 1)),
      element("4285", uint(2, 1)),
    ]),
  );
  const info = element(
    "1549a966",
    Buffer.concat([
      element("2ad7b1", uint(1_000_000, 3)),
      element("4489", float64(seconds * 1000)),
      element("4d80", Buffer.from("dars-e2e")),
      element("5741", Buffer.from("dars-e2e")),
    ]),
  );
  const video = element("e0", Buffer.concat([element("b0", uint(size, 2)), element("ba", uint(size, 2))]));
  const track = element(
    "ae",
    Buffer.concat([
      element("d7", uint(1, 1)),
      element("73c5", uint(1, 1)),
      element("83", uint(1, 1)),
      element("86", Buffer.from("V_VP8")),
      video,
    ]),
  );
  const tracks = element("1654ae6b", track);
  // SimpleBlock: track 1, timecode 0, key frame flag, then the frame.
  const block = element(
    "a3",
    Buffer.concat([Buffer.from([0x81]), uint(0, 2), Buffer.from([0x80]), keyFrame]),
  );
  const cluster = element("1f43b675", Buffer.concat([element("e7", uint(0, 1)), block]));
  // An EBML Void element makes the file as large as a test needs (players skip it).
  const filler = padding > 0 ? element("ec", Buffer.alloc(padding)) : Buffer.alloc(0);
  return Buffer.concat([ebml, element("18538067", Buffer.concat([info, tracks, filler, cluster]))]);
}

/** One VP8 key frame of a solid 16×16 picture, encoded in the page (a secure context) with WebCodecs. */
export async function vp8KeyFrame(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const frames: number[][] = [];
    const encoder = new VideoEncoder({
      output: (chunk) => {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        frames.push(Array.from(data));
      },
      error: (error) => {
        throw error;
      },
    });
    encoder.configure({ codec: "vp8", width: 16, height: 16, bitrate: 100_000 });
    const canvas = new OffscreenCanvas(16, 16);
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#0e7490";
    context.fillRect(0, 0, 16, 16);
    const frame = new VideoFrame(canvas, { timestamp: 0 });
    encoder.encode(frame, { keyFrame: true });
    frame.close();
    await encoder.flush();
    encoder.close();
    return frames[0] ?? [];
  });
  if (bytes.length === 0) throw new Error("the browser encoded no VP8 frame");
  return Buffer.from(bytes);
}
