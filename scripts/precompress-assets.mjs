// Brotli and gzip copies of the client's fingerprinted assets, written beside each file at
// build time (`entry.client-abc.js.br`, `….gz`): the portal sends them as they are
// (server/app.ts) instead of compressing the same bytes again for every new visitor, and
// at the strongest levels, which would be too slow per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text assets; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml)$/;

/** Writes `.br` and `.gz` beside each compressible file of `dir` (a copy larger than the file is not written). */
export async function precompressAssets(dir) {
  const files = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  let written = 0;
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ]) {
        if (copy.length >= bytes.length) continue;
        await writeFile(file + suffix, copy);
        written += 1;
      }
    }),
  );
  return { files: files.length, written };
}
