import { redirect, type AppLoadContext } from 'react-router';
import { BackendEnvelopeError } from '~/backend/errors';
import { flashCookie } from '~/lib/flash.server';
import { personal as copy } from '~/copy/personal';

/** What the personal pages' actions share. */

/** Back to `to` with a toast: the backend's own message on success, its refusal as an error. */
export function redirectWithToast(context: AppLoadContext, to: string, message: string, tone: 'success' | 'error' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': flashCookie(context, message, tone) } });
}

/** The Chinese message of a refused call; redirects (403) and infrastructure failures are thrown on. */
export function refusal(error: unknown): string {
  if (error instanceof BackendEnvelopeError) return error.backendMessage || copy.errors.failed;
  throw error;
}

/** Same-origin path of the page that posted (for redirecting back), else `fallback`. */
export function backTo(request: Request, fallback: string): string {
  const url = new URL(request.url);
  const path = url.pathname + url.search.replace(/([?&])index(=[^&]*)?(&|$)/, '$1').replace(/[?&]$/, '');
  return path || fallback;
}
