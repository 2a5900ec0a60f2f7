// A truecolour PNG built in memory, and the journal covers drawn with it: sample pictures for
// the share cards without shipping binaries.
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `width` × `height`, each pixel's colour given by `pixel`. */
export function buildPng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter choice, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3); // each row opens with filter type 0 (none)
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;
const WHITE: Rgb = [250, 248, 242];
const GOLD: Rgb = [201, 164, 92];

/** A journal cover in the journal's colour: a dark head, gold rules, a pale title plate and a foot band. */
export function journalCoverPng(colour: Rgb): Buffer {
  const dark = mix(colour, [0, 0, 0], 0.35);
  return buildPng(COVER_WIDTH, COVER_HEIGHT, (x, y) => {
    if (y < 200) return dark;
    if ((y >= 214 && y < 220) || (y >= 452 && y < 458)) return GOLD;
    if (y >= 250 && y < 420 && x >= 48 && x < COVER_WIDTH - 48) return WHITE;
    if (y >= COVER_HEIGHT - 90) return dark;
    // A faint diagonal weave across the body.
    return (x + y) % 40 < 2 ? mix(colour, WHITE, 0.12) : colour;
  });
}
