import { E2E } from './env';

/** The envelope every backend answer comes in. */
export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  entity: T;
}

/** POSTs JSON to the sandbox, as the author of `token` or anonymously; the HTTP status and the envelope. */
export async function sandboxCall<T = Record<string, unknown> | null>(path: string, body: Record<string, unknown> = {}, token?: string | null) {
  const response = await fetch(`${E2E.sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** The envelope of a `sandboxCall`, for the tests that do not look at the status. */
export async function sandboxPost<T = Record<string, unknown> | null>(
  path: string,
  body: Record<string, unknown> = {},
  token?: string | null,
): Promise<Envelope<T>> {
  return (await sandboxCall<T>(path, body, token)).body;
}
