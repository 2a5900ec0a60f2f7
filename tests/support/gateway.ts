import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type { RawResponse } from './servers';

/**
 * A real nginx in front of portal processes, for tests: Debian's package, run as a child
 * with its own prefix, on loopback only, with the recommended configuration of
 * docs/gateway/nginx.conf filled in. `.ci/run` installs nginx (and openssl) when absent.
 */

export const GATEWAY_TEMPLATE = path.resolve('docs/gateway/nginx.conf');

/**
 * nginx's binary (Debian puts it in /usr/sbin, which a non-root PATH may lack); throws,
 * saying what to do, when it is not installed: the suite fails, it never skips.
 */
export function requireNginx(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error('This suite starts a real nginx, which is not installed: `apt-get install nginx` (`bash .ci/run` does).');
}

/** A self-signed certificate for 127.0.0.1, made with openssl in `dir`. */
function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate (is openssl installed?): ${made.error?.message ?? made.stderr}`);
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

/** The template with every `${NAME}` filled in; a name left unfilled is an error, not a silent blank. */
function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${GATEWAY_TEMPLATE}: no value for ${whole}`);
    return values[name]!;
  });
}

export interface Gateway {
  /** https://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The certificate clients must trust. */
  ca: string;
  process: ChildProcess;
  /** nginx's access log: one line per request, `<cache status> <upstream addresses> <upstream statuses> <status> <uri>`. */
  accessLog(): string;
  /** nginx's error log (what it said after reading its configuration). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in `dir` (a fresh temporary folder) with the recommended configuration in
 * front of `portals` (host:port each). Resolves once nginx accepts connections.
 */
export async function startGateway(options: { nginx: string; dir: string; port: number; portals: [string, string] }): Promise<Gateway> {
  const { nginx, dir, port, portals } = options;
  // nginx's workers (nobody, when the test runs as root) must reach the cache inside.
  chmodSync(dir, 0o755);
  const { cert, key, pem } = selfSignedCertificate(dir);
  const site = fillTemplate(readFileSync(GATEWAY_TEMPLATE, 'utf8'), {
    LISTEN: `127.0.0.1:${port} ssl`,
    SERVER_NAME: '127.0.0.1',
    TLS_CERTIFICATE: cert,
    TLS_CERTIFICATE_KEY: key,
    CACHE_DIR: path.join(dir, 'cache'),
    PORTAL_1: portals[0],
    PORTAL_2: portals[1],
  });
  writeFileSync(path.join(dir, 'portal.conf'), site);
  // The rest is what /etc/nginx/nginx.conf holds on a server, moved into the temporary
  // folder. No `user` directive: run as root, nginx's workers drop to nobody, and nginx
  // hands them the folders it creates (temp paths, cache).
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      "  log_format gateway '$upstream_cache_status $upstream_addr $upstream_status $status $request_uri';",
      `  access_log ${path.join(dir, 'access.log')} gateway;`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'portal.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  // Its own process group: stopping it also stops its workers, whatever happens to the master.
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  const read = (name: string) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : '');

  const gateway: Gateway = {
    url: `https://127.0.0.1:${port}`,
    port,
    ca: pem,
    process: child,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', killGroup);
        if (child.exitCode !== null || child.signalCode !== null) {
          killGroup();
          return resolve();
        }
        const force = setTimeout(killGroup, 5000);
        child.once('exit', () => {
          clearTimeout(force);
          killGroup();
          resolve();
        });
        // Fast shutdown: the master stops its workers and exits.
        child.kill('SIGTERM');
      }),
  };

  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}${gateway.errorLog()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return gateway;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await gateway.stop();
  throw new Error(`nginx did not listen on ${port}:\n${output}${gateway.errorLog()}`);
}

export interface GatewayRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any of 127.0.0.0/8): nginx sees it as $remote_addr. */
  localAddress?: string;
  /** A keep-alive agent for many requests; default: a fresh connection. */
  agent?: https.Agent;
}

/**
 * One request through the gateway over https, trusting only its test certificate (also
 * when the Host header names another site, as in the Host tricks).
 */
export function gatewayRequest(gateway: Pick<Gateway, 'url' | 'ca'>, request: GatewayRequest): Promise<RawResponse> {
  const target = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
        localAddress: request.localAddress,
        agent: request.agent ?? false,
        ca: gateway.ca,
        servername: '',
        checkServerIdentity: (_host, cert) => tls.checkServerIdentity(target.hostname, cert),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
