import { useCallback, useEffect, useState } from 'react';
import { USERNAME_PATTERN } from '~/schemas/auth';
import type { SignInActionData } from './types';

/**
 * Seconds left before the SMS button may be used again. Starts from the server's figure
 * (rendered as is without JavaScript) and counts down each second with it.
 */
export function useCountdown(seconds: number | undefined, answer: unknown): number {
  const [remaining, setRemaining] = useState(seconds ?? 0);
  useEffect(() => {
    const deadline = Date.now() + (seconds ?? 0) * 1000;
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    if (!seconds) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
    // A new answer restarts the count even when it says the same number of seconds.
  }, [seconds, answer]);
  return remaining;
}

export interface CaptchaState {
  uuid: string | null;
  failed: boolean;
  markFailed: () => void;
  refresh: () => Promise<void>;
}

/**
 * The image captcha's key: the server's first, then each answer's (a used captcha is
 * replaced), or a fresh one from /captcha/key when the image is clicked.
 */
export function useCaptchaKey(initial: string | null, answer: SignInActionData | undefined): CaptchaState {
  const [state, setState] = useState({ uuid: initial, failed: false });
  useEffect(() => {
    if (answer && answer.uuid !== undefined) setState({ uuid: answer.uuid, failed: false });
  }, [answer]);
  const refresh = useCallback(async () => {
    try {
      const response = await fetch('/captcha/key', { headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { uuid?: string | null };
      setState(response.ok && body.uuid ? { uuid: body.uuid, failed: false } : (s) => ({ ...s, failed: true }));
    } catch {
      setState((s) => ({ ...s, failed: true }));
    }
  }, []);
  const markFailed = useCallback(() => setState((s) => ({ ...s, failed: true })), []);
  return { uuid: state.uuid, failed: state.failed || !state.uuid, markFailed, refresh };
}

export type UsernameStatus = 'unknown' | 'available' | 'taken';

/** Whether a register username is free, asked 1.5 s after typing stops (docs/product.md#session). */
export const USERNAME_CHECK_DELAY_MS = 1500;

export function useUsernameAvailability(value: string | undefined): UsernameStatus {
  const [result, setResult] = useState<{ name: string; status: UsernameStatus }>({ name: '', status: 'unknown' });
  const name = (value ?? '').trim();
  useEffect(() => {
    if (!USERNAME_PATTERN.test(name)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/login/username?username=${encodeURIComponent(name)}`, { signal: controller.signal });
        const body = (await response.json()) as { available: boolean | null };
        setResult({ name, status: body.available === true ? 'available' : body.available === false ? 'taken' : 'unknown' });
      } catch {
        // Aborted (the user typed on) or offline: no mark.
      }
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name]);
  // A result only counts for the name it was asked for.
  return result.name === name ? result.status : 'unknown';
}
