import { redirect, type AppLoadContext } from 'react-router';
import { BackendEnvelopeError } from '~/backend/errors';
import type { Refusal } from '~/schemas/refusal';
import { flashCookie } from '~/lib/flash.server';
import { personal as copy } from '~/copy/personal';
import { safeRedirectPath } from '~/session/login-url';

/** What the actions of the signed-in pages (personal centre, an article's favourite and like) share. */

/** Back to `to` with a toast: the backend's own message on success, its refusal as an error. */
export function redirectWithToast(context: AppLoadContext, to: string, message: string, tone: 'success' | 'error' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': flashCookie(context, message, tone) } });
}

/** The Chinese message of a refused call; redirects (403) and infrastructure failures are thrown on. */
export function refusal(error: unknown): string {
  return refusalOf(error).message;
}

/** A refused call's message and the parameter it is about; anything else is thrown on. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof BackendEnvelopeError) return { message: error.backendMessage || copy.errors.failed, field: error.field };
  throw error;
}

/** Same-origin path of the page that posted (for redirecting back), else `fallback`. */
export function backTo(request: Request, fallback: string): string {
  const url = new URL(request.url);
  const path = url.pathname + url.search.replace(/([?&])index(=[^&]*)?(&|$)/, '$1').replace(/[?&]$/, '');
  return safeRedirectPath(path) ?? fallback;
}
