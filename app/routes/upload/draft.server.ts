import { data, type AppLoadContext } from 'react-router';
import { showPaperEditInfo, type PaperEditInfo } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { upload as copy } from '~/copy/upload';
import type { ManuscriptFormValues } from '~/schemas/manuscript';
import { backendFor } from '~/session/session.server';

/** The draft of steps 2 and 3, kept on the backend. */

export function paperIdFrom(request: Request): number {
  const id = Number(new URL(request.url).searchParams.get('paperId'));
  if (!Number.isInteger(id) || id <= 0) throw data(copy.draftMissing, { status: 404 });
  return id;
}

export async function loadDraft(request: Request, context: AppLoadContext, id: number): Promise<PaperEditInfo> {
  try {
    return await backendFor(request, context).call(showPaperEditInfo, { id });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage || copy.draftMissing, { status: 404 });
    throw error;
  }
}

/** The draft as the form shows it. */
export function draftValues(draft: PaperEditInfo): ManuscriptFormValues {
  const correspondingIndex = draft.authors.findIndex((a) => a.corresponding);
  return {
    title: draft.title || undefined,
    titleEn: draft.titleEn ?? undefined,
    abstract: draft.abstract ?? undefined,
    keywords: draft.keywords.join('；') || undefined,
    columnId: draft.columnId ? String(draft.columnId) : undefined,
    paperType: draft.paperType ?? undefined,
    fund: draft.fund ?? undefined,
    remark: draft.remark ?? undefined,
    authors: draft.authors.map((a, i) => ({
      name: a.name,
      institution: a.institution ?? undefined,
      email: a.email ?? undefined,
      mobile: a.mobile ?? undefined,
      corresponding: i === correspondingIndex ? 'on' : undefined,
    })),
  };
}
