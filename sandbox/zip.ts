// A tiny ZIP writer and reader (deflate via node:zlib), enough for .docx files and
// download packages. No zip64, no encryption, no multi-disk archives.
import fs from 'node:fs';
import zlib from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = (CRC_TABLE[(c ^ (buf[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntryInput {
  name: string;
  data: Buffer | string;
}

// Fixed timestamp (2026-01-01 00:00) so the same input always gives the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

export function buildZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    const packed = zlib.deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Random access to the bytes of an archive (a buffer or an open file). */
interface Source {
  size: number;
  read(offset: number, length: number): Buffer;
}

export class ZipError extends Error {}

/** Largest entry this reader will inflate (guards against zip bombs). */
const MAX_ENTRY = 64 * 1024 * 1024;

export class ZipReader {
  readonly entries: ZipEntry[];

  private constructor(private readonly src: Source) {
    this.entries = this.readDirectory();
  }

  static fromBuffer(buf: Buffer): ZipReader {
    return new ZipReader({ size: buf.length, read: (o, l) => buf.subarray(o, Math.min(buf.length, o + l)) });
  }

  /** Reads only the directory and the requested entries, not the whole file. */
  static withFile<T>(file: string, fn: (zip: ZipReader) => T): T {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const read = (o: number, l: number) => {
        const len = Math.max(0, Math.min(l, size - o));
        const b = Buffer.alloc(len);
        if (len > 0) fs.readSync(fd, b, 0, len, o);
        return b;
      };
      return fn(new ZipReader({ size, read }));
    } finally {
      fs.closeSync(fd);
    }
  }

  private readDirectory(): ZipEntry[] {
    const { size } = this.src;
    if (size < 22) throw new ZipError('not a zip archive');
    const tailLen = Math.min(size, 22 + 0xffff);
    const tail = this.src.read(size - tailLen, tailLen);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipError('end of central directory not found');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset + cdSize > size) throw new ZipError('central directory out of range');
    const cd = this.src.read(cdOffset, cdSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipError('bad central directory');
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      entries.push({
        name: cd.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
      });
      p += 46 + nameLen + extraLen + commentLen;
    }
    return entries;
  }

  has(name: string): boolean {
    return this.entries.some((e) => e.name === name);
  }

  read(name: string): Buffer | null {
    const e = this.entries.find((x) => x.name === name);
    if (!e) return null;
    if (e.size > MAX_ENTRY) throw new ZipError('entry too large');
    const head = this.src.read(e.localOffset, 30);
    if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) throw new ZipError('bad local header');
    const start = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    const raw = this.src.read(start, e.compressedSize);
    if (e.method === 0) return raw;
    if (e.method === 8) return zlib.inflateRawSync(raw, { maxOutputLength: MAX_ENTRY });
    throw new ZipError(`unsupported compression method ${e.method}`);
  }
}
