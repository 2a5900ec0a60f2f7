// The manuscript page's server half: what it loads and what its forms do.
import { data, redirect } from 'react-router';
import {
  checkTheChanges,
  checkTheChangesAttachment,
  formatCheckSubmissionRemarks,
  paperIsIssuePayLoadingVolume,
  paperWorkFlow,
  showPaperFormat,
  verifyMessages,
} from '~/backend/endpoints/manuscripts.server';
import { optional } from '~/backend/optional.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import { SCHEDULED_STAGES, isStageIn } from '~/components/manuscripts/status';
import { manuscripts as copy } from '~/copy/manuscripts';
import { formatRemarksSchema } from '~/forms/manuscript';
import { readForm } from '~/lib/form-data.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusal } from '../personal.server';
import type { Route } from './+types/detail';
import { loadManuscript, manuscriptId } from './manuscript.server';

/**
 * /personal/manuscripts/:id: the manuscript's summary, the stages as a timeline with their
 * dates, the editors' messages (reading them marks them read), authors, files with every
 * version, and what the stage lets the author do.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const paper = await loadManuscript(request, context, id);
  if (paper.status === 'draft') throw redirect(`/upload/info?paperId=${id}`);
  const backend = backendFor(request, context);
  const [flow, messages, format, editorsFile, schedule] = await Promise.all([
    backend.call(paperWorkFlow, { id }),
    backend.call(verifyMessages, { id, current: 1, size: 50 }),
    optional(backend.call(showPaperFormat, { id }), null),
    optional(backend.call(checkTheChangesAttachment, { id }), null),
    isStageIn(paper.status, SCHEDULED_STAGES) ? optional(backend.call(paperIsIssuePayLoadingVolume, { id }), null) : Promise.resolve(null),
  ]);
  const done = new URL(request.url).searchParams.get('done');
  return {
    paper,
    flow,
    messages: messages.records,
    format,
    editorsFile,
    schedule,
    done: done === 'revision' || done === 'edit' ? done : null,
  };
}

export type ActionAnswer = {
  form: 'proof' | 'format';
  remark: string;
  error: string | null;
};
const answer = (form: ActionAnswer['form'], remark: string, error: string | null): ActionAnswer => ({ form, remark, error });

/** 校样核对 (checkTheChanges): confirm the proof, or send corrections; what was typed stays on a refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const backend = backendFor(request, context);
  if (intent === 'formatRemarks') {
    const typed = String(formData.get('remarks') ?? '');
    const parsed = formatRemarksSchema.safeParse(typed);
    if (!parsed.success) return data(answer('format', typed, parsed.error.issues[0]?.message ?? copy.format.required), { status: 400 });
    try {
      await backend.call(formatCheckSubmissionRemarks, {
        id,
        remarks: parsed.data,
      });
    } catch (error) {
      return data(answer('format', typed, refusal(error)), { status: 400 });
    }
    return redirectWithToast(context, `${manuscriptPath(id)}#format-check`, copy.format.done);
  }
  const remark = String(formData.get('remark') ?? '').trim();
  if (remark.length > 2000)
    return data(answer('proof', remark, copy.detail.proof.remarkLength), {
      status: 400,
    });
  try {
    if (intent === 'confirmProof') {
      await backend.call(checkTheChanges, {
        id,
        confirm: true,
        ...(remark ? { remark } : {}),
      });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.confirmed);
    }
    if (intent === 'proofCorrections') {
      if (!remark)
        return data(answer('proof', remark, copy.detail.proof.remarkRequired), {
          status: 400,
        });
      await backend.call(checkTheChanges, { id, confirm: false, remark });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.sent);
    }
  } catch (error) {
    return data(answer('proof', remark, refusal(error)), { status: 400 });
  }
  return redirect(manuscriptPath(id));
}
