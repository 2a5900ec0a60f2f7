import { getFaceRecognitionResult } from '~/backend/endpoints/verification.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { readFaceTicket } from '~/components/verification/face-ticket.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/face-status';

/**
 * GET /personal/account/verification/face: the state of the face recognition this browser
 * started (its ticket is in the sealed cookie), polled by the verification page while it
 * waits. `none` when there is none, or the backend no longer knows it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  const headers = { 'Cache-Control': 'private, no-store' };
  const pending = readFaceTicket(request, context, session.user.id);
  if (!pending) return Response.json({ status: 'none' }, { headers });
  try {
    const result = await backendFor(request, context).call(getFaceRecognitionResult, { ticket: pending.ticket });
    return Response.json({ status: result.status, statusName: result.statusName, finishedTime: result.finishedTime }, { headers });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) return Response.json({ status: 'none' }, { headers });
    throw error;
  }
}
