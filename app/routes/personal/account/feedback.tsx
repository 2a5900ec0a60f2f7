import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { checkedBy } from '~/components/forms/validate';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { data, Form, useLocation, useNavigation } from 'react-router';
import { FEEDBACK_TYPE_TABLE, addFeedBack, getCodingByFatherId } from '~/backend/endpoints/verification.server';
import { FormLook, FormMessage, SelectField, SubmitButton, TextField, TextareaField } from '~/components/forms/fields';
import { verificationLook } from '~/components/verification/look';
import classes from '~/components/verification/verification.module.css';
import { verification as copy } from '~/copy/verification';
import { FEEDBACK_MAX, charCount, feedbackRefusalFields, feedbackSchema } from '~/schemas/verification';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { z } from 'zod';
import type { Route } from './+types/feedback';
import { redirectWithToast, refusalOf } from '~/lib/action-result.server';
import { refusalErrors } from '~/schemas/refusal';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.meta.feedback, noindex: true });

const PAGE = '/personal/account/feedback';

/** /personal/account/feedback: the 意见反馈 form, its types from the backend's 反馈类型 table. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const types = await backendFor(request, context).call(getCodingByFatherId, { fatherId: FEEDBACK_TYPE_TABLE });
  return { types: types.map((t) => t.name) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const submission = parseWithZod(await readForm(request), { schema: feedbackSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  let message: string;
  try {
    await backendFor(request, context).call(addFeedBack, submission.value);
    message = copy.feedback.thanks;
  } catch (error) {
    return data({ result: submission.reply(refusalErrors(refusalOf(error), feedbackRefusalFields)) }, { status: 400 });
  }
  return redirectWithToast(context, PAGE, message);
}

function FeedbackForm({ types, lastResult }: { types: string[]; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof feedbackSchema>>({
    id: 'feedback',
    lastResult,
    defaultValue: { type: types[0] ?? '' },
    ...checkedBy(feedbackSchema),
  });
  // The server renders the count of the text it sends back; typing updates it.
  const initial = typeof fields.content.initialValue === 'string' ? fields.content.initialValue : '';
  const [count, setCount] = useState(() => charCount(initial));
  const busy = navigation.state === 'submitting';
  return (
    <Form
      method="post"
      action={PAGE}
      {...getFormProps(form)}
      className={classes.form}
      onInput={(event) => {
        const target = event.target as HTMLTextAreaElement;
        if (target.name === fields.content.name) setCount(charCount(target.value));
      }}
    >
      <FormMessage form={form} />
      <SelectField meta={fields.type} label={copy.feedback.type} options={types.map((t) => ({ value: t, label: t }))} />
      <TextareaField
        meta={fields.content}
        label={copy.feedback.content}
        hint={copy.feedback.contentHint}
        rows={8}
        besideHint={
          <span className={`${classes.count} ${count > FEEDBACK_MAX ? classes.countOver : ''}`}>
            <span className="visually-hidden">{copy.feedback.countLabel}</span>
            {copy.feedback.count(count, FEEDBACK_MAX)}
          </span>
        }
      />
      <TextField meta={fields.contact} label={copy.feedback.contact} hint={copy.feedback.contactHint} optional autoComplete="email" />
      <div className={classes.actions}>
        <SubmitButton busy={busy} busyLabel={copy.common.saving}>
          {copy.feedback.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  // A new page (after a redirect) starts a fresh form.
  const location = useLocation();
  return (
    <FormLook look={verificationLook}>
      <section className={classes.section} aria-labelledby="feedback-title">
        <h2 id="feedback-title">{copy.feedback.title}</h2>
        <p className={classes.intro}>{copy.feedback.intro}</p>
        <FeedbackForm key={location.key} types={loaderData.types} lastResult={actionData?.result} />
      </section>
    </FormLook>
  );
}
