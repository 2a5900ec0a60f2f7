import http from 'node:http';
import https from 'node:https';

/** A cheap public call the journal backend always answers. */
export const READINESS_PROBE_PATH = '/api/homeApi/getBottomBar';
const READINESS_TIMEOUT_MS = 1000;

export interface Readiness {
  ready: boolean;
  backend: string;
  reason?: string;
  latencyMs?: number;
}

/** Ready means: the journal backend answers (any status below 500) within one second. */
export function checkReadiness(baseUrl: string): Promise<Readiness> {
  const started = performance.now();
  const url = new URL(baseUrl.replace(/\/+$/, '') + READINESS_PROBE_PATH);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (result: Readiness) => {
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.get(url, { agent: false, headers: { Accept: 'application/json' } }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      const latencyMs = Math.round(performance.now() - started);
      done(status < 500 ? { ready: true, backend: 'up', latencyMs } : { ready: false, backend: 'error', reason: `backend answered HTTP ${status}`, latencyMs });
    });
    const timer = setTimeout(() => {
      request.destroy();
      done({ ready: false, backend: 'timeout', reason: `backend did not answer within ${READINESS_TIMEOUT_MS} ms` });
    }, READINESS_TIMEOUT_MS);
    request.on('error', (error: NodeJS.ErrnoException) => {
      done({ ready: false, backend: 'down', reason: `backend unreachable (${error.code ?? error.message})` });
    });
  });
}

/**
 * Readiness as the portal tells it: from one probe shared by every caller and kept for
 * `maxAgeMs`, so however often /readyz is asked, the backend is checked at most once per
 * interval per process. Each change of state is logged once, with its reason.
 */
export function createReadinessProbe(baseUrl: string, options: { maxAgeMs?: number; onChange?: (result: Readiness) => void } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 1000;
  let last: { result: Readiness; at: number } | undefined;
  let pending: Promise<Readiness> | undefined;
  return function current(): Promise<Readiness> {
    if (last && performance.now() - last.at < maxAgeMs) return Promise.resolve(last.result);
    pending ??= checkReadiness(baseUrl).then((result) => {
      if (last?.result.ready !== result.ready) options.onChange?.(result);
      last = { result, at: performance.now() };
      pending = undefined;
      return result;
    });
    return pending;
  };
}
