// A ZIP archive written by hand (PKWARE APPNOTE 6.3, the parts every unzip reads): entries
// "stored" (method 0, no compression), each with its CRC-32, UTF-8 names (flag bit 11), then the
// central directory and its end record. No ZIP64, so the whole archive stays under 4 GiB; the data
// export (./export.ts) keeps it far smaller. No dependency: the Worker has no zlib to spare.

export type ZipEntry = {
  /** The path inside the archive, "/"-separated, e.g. "files/12-avatar.jpg". */
  name: string;
  data: Uint8Array;
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, the ZIP one): crc32("123456789") is 0xcbf43926. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date fields (local time of the archive, two-second steps; 1980 at the earliest). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const MAX_U32 = 0xffffffff;
const UTF8_FLAG = 0x0800;

/** The archive's bytes: each entry stored as given, in order, names unique as the caller gives them. */
export function buildZip(entries: readonly ZipEntry[], modified: Date = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const { time, date } = dosDateTime(modified);
  const names = entries.map((entry) => encoder.encode(entry.name));
  const crcs = entries.map((entry) => crc32(entry.data));
  const localSize = entries.reduce((sum, entry, i) => sum + 30 + names[i]!.length + entry.data.length, 0);
  const centralSize = names.reduce((sum, name) => sum + 46 + name.length, 0);
  const total = localSize + centralSize + 22;
  if (total > MAX_U32 || entries.length > 0xffff) throw new Error("zip: too large for a ZIP without ZIP64");

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value >>> 0, true);
    at += 4;
  };
  const bytes = (value: Uint8Array) => {
    out.set(value, at);
    at += value.length;
  };

  const offsets: number[] = [];
  entries.forEach((entry, i) => {
    offsets.push(at);
    u32(0x04034b50); // local file header
    u16(20); // version needed: 2.0
    u16(UTF8_FLAG);
    u16(0); // stored
    u16(time);
    u16(date);
    u32(crcs[i]!);
    u32(entry.data.length); // compressed size = size
    u32(entry.data.length);
    u16(names[i]!.length);
    u16(0); // no extra field
    bytes(names[i]!);
    bytes(entry.data);
  });

  const centralStart = at;
  entries.forEach((entry, i) => {
    u32(0x02014b50); // central directory header
    u16(20); // made by: 2.0 (MS-DOS attributes)
    u16(20);
    u16(UTF8_FLAG);
    u16(0);
    u16(time);
    u16(date);
    u32(crcs[i]!);
    u32(entry.data.length);
    u32(entry.data.length);
    u16(names[i]!.length);
    u16(0); // extra
    u16(0); // comment
    u16(0); // disk number
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[i]!);
    bytes(names[i]!);
  });

  const centralLength = at - centralStart;
  u32(0x06054b50); // end of central directory
  u16(0);
  u16(0);
  u16(entries.length);
  u16(entries.length);
  u32(centralLength);
  u32(centralStart);
  u16(0); // no comment
  return out;
}
