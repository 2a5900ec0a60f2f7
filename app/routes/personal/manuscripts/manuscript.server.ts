import { data, type AppLoadContext } from 'react-router';
import { paperShow, type ManuscriptDetail } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { manuscripts as copy } from '~/copy/manuscripts';
import { backendFor } from '~/session/session.server';

/** What the manuscript pages of the personal centre share. */

/** The `:id` of the URL, or a 404. */
export function manuscriptId(value: string | undefined | null): number {
  const id = Number(value);
  if (!value || !/^\d{1,12}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw data(copy.notFound, { status: 404 });
  return id;
}

/** The author's manuscript (paper/show); another user's or an unknown one is a 404. */
export async function loadManuscript(request: Request, context: AppLoadContext, id: number): Promise<ManuscriptDetail> {
  try {
    return await backendFor(request, context).call(paperShow, { id });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage || copy.notFound, { status: 404 });
    throw error;
  }
}
