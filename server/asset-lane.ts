import { readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { isPlainRead, recordLaneAnswer } from './lane-answer';
import { requestIdFor } from './logger';
import type { PortalMetrics } from './metrics';

/**
 * The asset lane: a plain request for one of the build's scripts or style sheets is answered
 * here, before Express, from memory. A page's first load asks for twenty to thirty of them,
 * and through Express each cost about 1.6 ms of CPU (twenty middleware calls, a nonce, a
 * policy and a stat, open and read of the file each time) for bytes that never change
 * (docs/decisions/0044-assets-before-express.md).
 *
 * The lane decides by exact match, never by resolving a path: the request target must be
 * `/assets/` followed by the name of a file the build wrote, as listed once at start. Every
 * other spelling (escapes, dot segments, a second slash, a query, other case), a range or a
 * conditional request goes to Express, which answers it as before. Each file is read once,
 * on its first request, with the build's Brotli and gzip copies.
 */

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Negotiator 1.x weighs a server preference between equal weights; its published types leave the option out. */
type ChooseEncoding = (available: readonly string[], options: { preferred: readonly string[] }) => string | undefined;

interface StoredAsset {
  type: string;
  /** The file and its stored copies, each with the validators Express sends for it. */
  bodies: Partial<Record<Encoding, { bytes: Buffer; etag: string; lastModified: string }>>;
}

export interface AssetLaneOptions {
  /** The build's `client/assets` folder. */
  assetsDir: string;
  /** Headers every answer carries (security headers). */
  securityHeaders: [string, string][];
  /** The metrics label of a path. */
  labelOf(path: string): string;
  /** True once the process is shutting down: answers then close their connection, which Express handles. */
  shuttingDown(): boolean;
  logger: Logger;
  metrics: PortalMetrics;
}

/** The weak validator serve-static sends: the file's size and modification time. */
function weakEtag(size: number, modified: Date): string {
  return `W/"${size.toString(16)}-${modified.getTime().toString(16)}"`;
}

function readStored(file: string) {
  try {
    const stat = statSync(file);
    return { bytes: readFileSync(file), etag: weakEtag(stat.size, stat.mtime), lastModified: stat.mtime.toUTCString() };
  } catch {
    return undefined;
  }
}

/** The folder's entries; none when there is no such folder (a client without assets). */
function listing(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Returns the lane: a function that answers a request and says true, or leaves it alone and says false. */
export function createAssetLane(options: AssetLaneOptions) {
  const { logger, metrics } = options;
  const names = new Set(
    listing(options.assetsDir)
      .filter((entry) => entry.isFile() && /^[\w.-]+$/.test(entry.name) && path.extname(entry.name) in TYPES)
      .map((entry) => entry.name),
  );
  const stored = new Map<string, StoredAsset | null>();
  const route = options.labelOf('/assets/x');

  function assetNamed(name: string): StoredAsset | undefined {
    let asset = stored.get(name);
    if (asset === undefined) {
      const file = path.join(options.assetsDir, name);
      const identity = readStored(file);
      asset = identity ? { type: TYPES[path.extname(name)]!, bodies: { identity, br: readStored(`${file}.br`), gzip: readStored(`${file}.gz`) } } : null;
      stored.set(name, asset);
    }
    return asset ?? undefined;
  }

  return function answerAsset(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method ?? '';
    const target = req.url ?? '';
    const name = target.startsWith('/assets/') ? target.slice('/assets/'.length) : '';
    if (!names.has(name) || !isPlainRead(req, options.shuttingDown())) return false;
    const headers = req.headers;
    if (headers.range || headers['if-none-match'] || headers['if-modified-since']) return false;
    const asset = assetNamed(name);
    if (!asset) return false;
    const offered = ENCODINGS.filter((encoding) => asset.bodies[encoding]);
    // Brotli first where the client takes both with the same weight, as Express's path does.
    const negotiator = new Negotiator(req);
    const encoding = (negotiator.encoding as ChooseEncoding).call(negotiator, offered, { preferred: ['br', 'gzip'] }) as Encoding | undefined;
    const body = encoding ? asset.bodies[encoding] : undefined;
    if (!body) return false;

    const started = performance.now();
    const requestId = requestIdFor(req);
    const answer: string[] = [...options.securityHeaders.flat(), 'Vary', 'Accept-Encoding'];
    if (encoding !== 'identity') answer.push('Content-Encoding', encoding!);
    answer.push(
      'Content-Type',
      asset.type,
      'Accept-Ranges',
      'bytes',
      'Cache-Control',
      'public, max-age=31536000, immutable',
      'Last-Modified',
      body.lastModified,
      'ETag',
      body.etag,
      'Content-Length',
      String(body.bytes.length),
      'X-Request-Id',
      requestId,
    );
    res.writeHead(200, answer);
    res.end(method === 'HEAD' ? undefined : body.bytes);
    recordLaneAnswer(res, { logger, metrics, requestId, method, url: target, route, started });
    return true;
  };
}
