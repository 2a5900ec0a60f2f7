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
import { listedFile } from '~/components/manuscripts/ManuscriptSections';
import { SCHEDULED_STAGES, isStageIn } from '~/components/manuscripts/status';
import { manuscripts as copy } from '~/copy/manuscripts';
import { formatRemarksFormSchema, formatRemarksRefusalFields, proofRefusalFields, proofSchema } from '~/schemas/manuscript';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { readForm } from '~/lib/form-data.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusalOf } from '~/lib/action-result.server';
import { refusalErrors } from '~/schemas/refusal';
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
    paper: { ...paper, files: paper.files.map(listedFile) },
    flow,
    messages: messages.records,
    format,
    editorsFile: editorsFile && listedFile(editorsFile),
    schedule,
    done: done === 'revision' || done === 'edit' ? done : null,
  };
}

/** Which of the page's two forms answered, and conform's reading of it (the values as typed, the errors). */
export type ActionAnswer = { form: 'proof' | 'format'; result: SubmissionResult<string[]> };

/** 校样核对 (checkTheChanges): confirm the proof, or send corrections; the 格式审查's remarks. What was typed stays on a refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const backend = backendFor(request, context);
  const form: ActionAnswer['form'] = intent === 'formatRemarks' ? 'format' : 'proof';
  const submission = form === 'format' ? parseWithZod(formData, { schema: formatRemarksFormSchema }) : parseWithZod(formData, { schema: proofSchema(intent) });
  const refused = (errors?: ReturnType<typeof refusalErrors>) => data<ActionAnswer>({ form, result: submission.reply(errors) }, { status: 400 });
  if (submission.status !== 'success') return refused();
  try {
    if ('remarks' in submission.value) {
      await backend.call(formatCheckSubmissionRemarks, { id, remarks: submission.value.remarks });
      return redirectWithToast(context, `${manuscriptPath(id)}#format-check`, copy.format.done);
    }
    const remark = submission.value.remark || undefined;
    if (intent === 'confirmProof') {
      await backend.call(checkTheChanges, { id, confirm: true, ...(remark ? { remark } : {}) });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.confirmed);
    }
    if (intent === 'proofCorrections' && remark) {
      await backend.call(checkTheChanges, { id, confirm: false, remark });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.sent);
    }
  } catch (error) {
    return refused(refusalErrors(refusalOf(error), form === 'format' ? formatRemarksRefusalFields : proofRefusalFields));
  }
  return redirect(manuscriptPath(id));
}
