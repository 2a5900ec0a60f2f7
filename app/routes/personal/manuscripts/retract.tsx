import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState, type ReactNode } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormLook, TextareaField } from '~/components/forms/fields';
import { manuscriptLook } from '~/components/manuscripts/look';
import { checkedBy } from '~/components/forms/validate';
import { Link } from '~/lib/link';
import { applyForRetraction, paperShow } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { manuscripts as copy } from '~/copy/manuscripts';
import { retractionReasonSchema } from '~/schemas/manuscript';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast } from '~/lib/action-result.server';
import type { Route } from './+types/retract';
import { loadManuscript, manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';
import { optional } from '~/backend/optional.server';
import { readForm } from '~/lib/form-data.server';

const retractionSchema = z.object({ reason: retractionReasonSchema });

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.retract.title, noindex: true });

/** /personal/manuscripts/:id/retract: only while the stage allows it (applyForRetraction). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const paper = await loadManuscript(request, context, id);
  if (!paper.actions.canRetract) {
    if (paper.status === 'retracted') return redirectWithToast(context, manuscriptPath(id), copy.detail.retracted);
    return redirectWithToast(context, manuscriptPath(id), copy.retract.notAllowed, 'error');
  }
  return { paper: { id: paper.id, title: paper.title, manuscriptNo: paper.manuscriptNo, statusName: paper.statusName } };
}

type Step = 'reason' | 'confirm';

/**
 * Two steps without JavaScript: `review` checks the reason and answers the confirmation
 * (the reason travels in the form), `confirm` applies. A refusal keeps the reason and says
 * why; a second confirm of a manuscript already retracted (double submission) is a success.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const submission = parseWithZod(formData, { schema: retractionSchema });
  const reason = String(formData.get('reason') ?? '');
  if (intent === 'edit') return { step: 'reason' as Step, reason, result: undefined, message: null };
  if (submission.status !== 'success') return data({ step: 'reason' as Step, reason, result: submission.reply(), message: null }, { status: 400 });
  const checked = submission.value.reason;
  if (intent !== 'confirm') return { step: 'confirm' as Step, reason: checked, result: undefined, message: null };
  const backend = backendFor(request, context);
  try {
    await backend.call(applyForRetraction, { id, reason: checked });
  } catch (error) {
    if (!(error instanceof BackendEnvelopeError)) throw error;
    const now = await optional(backend.call(paperShow, { id }), null);
    if (now?.status === 'retracted') return redirectWithToast(context, manuscriptPath(id), copy.retract.done);
    return data({ step: 'reason' as Step, reason, result: undefined, message: error.backendMessage || copy.retract.notAllowed }, { status: 400 });
  }
  return redirectWithToast(context, manuscriptPath(id), copy.retract.done);
}

function ReasonForm({
  action,
  reason,
  lastResult,
  busy,
  children,
}: {
  action: string;
  reason: string;
  lastResult?: SubmissionResult;
  busy: boolean;
  children: ReactNode;
}) {
  const [form, fields] = useForm<z.input<typeof retractionSchema>, z.output<typeof retractionSchema>>({
    id: 'retract',
    defaultValue: { reason },
    lastResult,
    ...checkedBy(retractionSchema, 'onSubmit'),
  });
  const [length, setLength] = useState(reason.trim().length);
  return (
    <FormLook look={manuscriptLook}>
      <Form method="post" action={action} {...getFormProps(form)} onInput={(event) => setLength((event.target as HTMLTextAreaElement).value.trim().length)}>
        <TextareaField
          meta={fields.reason}
          label={copy.retract.reason}
          hint={`${copy.retract.reasonHint} ${copy.retract.counter(length)}`}
          rows={5}
          maxLength={500}
        />
        <div className={classes.actions}>
          <button type="submit" name="intent" value="review" className={classes.button} disabled={busy}>
            {copy.retract.next}
          </button>
          {children}
        </div>
      </Form>
    </FormLook>
  );
}

export default function Retract({ loaderData, actionData }: Route.ComponentProps) {
  const { paper } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const step: Step = actionData?.step ?? 'reason';
  const reason = actionData?.reason ?? '';
  const action = `${manuscriptPath(paper.id)}/retract`;
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <h1>{copy.retract.title}</h1>
      <p className={classes.meta}>
        《{paper.title}》{paper.manuscriptNo ? ` · ${paper.manuscriptNo}` : ''} · {paper.statusName}
      </p>
      <ol className={classes.steps} aria-label={copy.retract.title}>
        {copy.retract.steps.map((name, i) => (
          <li key={name} aria-current={(step === 'reason' ? 0 : 1) === i ? 'step' : undefined}>
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      {actionData?.message ? (
        <p className={classes.alert} role="alert">
          {actionData.message}
        </p>
      ) : null}
      {step === 'reason' ? (
        <ReasonForm action={action} reason={reason} lastResult={actionData?.result} busy={busy}>
          <Link to={manuscriptPath(paper.id)}>{copy.retract.cancel}</Link>
        </ReasonForm>
      ) : (
        <Form method="post" action={action}>
          <h2>{copy.retract.confirmTitle}</h2>
          <ul className={classes.meaning}>
            {copy.retract.meaning.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            <strong>{copy.retract.yourReason}：</strong>
            <span data-testid="retract-reason">{reason}</span>
          </p>
          <input type="hidden" name="reason" value={reason} />
          <div className={classes.actions}>
            <button type="submit" name="intent" value="confirm" className={classes.danger} disabled={busy}>
              {busy ? copy.retract.submitting : copy.retract.confirm}
            </button>
            <button type="submit" name="intent" value="edit" className={classes.secondary} disabled={busy}>
              {copy.retract.edit}
            </button>
          </div>
        </Form>
      )}
    </main>
  );
}
