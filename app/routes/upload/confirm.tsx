import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import { confirmUpload, isOpenUploadVerification } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { Steps } from '~/components/upload/Steps';
import { upload as copy } from '~/copy/upload';
import { confirmSchema, manuscriptInfoSchema } from '~/schemas/manuscript';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { FormLook, SubmitButton, TextField } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/confirm';
import { draftValues, loadDraft, paperIdFrom } from './draft.server';
import classes from '~/styles/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';
import { readForm } from '~/lib/form-data.server';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';
import { uploadLook } from '~/components/upload/look';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.confirm.title, noindex: true });

/** Last check of everything, with the captcha when upload verification is on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = paperIdFrom(request);
  const draft = await loadDraft(request, context, id);
  if (draft.status !== 'draft') throw redirect(`/upload/result?paperId=${id}`);
  const verification = await backendFor(request, context).call(isOpenUploadVerification);
  return {
    draft,
    captcha: verification.open ? { uuid: crypto.randomUUID() } : null,
    // One key per rendered form: a double click or a resubmitted form creates one manuscript.
    idempotencyKey: `${id}-${crypto.randomUUID()}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = paperIdFrom(request);
  const formData = await readForm(request);
  const backend = backendFor(request, context);
  const draft = await loadDraft(request, context, id);
  const strict = manuscriptInfoSchema.safeParse(draftValues(draft));
  if (draft.status === 'draft' && !strict.success) throw redirect(`/upload/info?paperId=${id}`);
  // The captcha is asked when the page showed one (its uuid came with the form); the backend checks its answer.
  const uuid = String(formData.get('uuid') ?? '') || undefined;
  const submission = parseWithZod(formData, { schema: confirmSchema(uuid !== undefined) });
  // A captcha is answered once: any refusal shows a new one, its answer field empty.
  const refused = (formErrors?: string[]) =>
    data({ result: submission.reply({ formErrors, hideFields: ['captcha'] }), captcha: { uuid: crypto.randomUUID() } }, { status: 400 });
  if (submission.status !== 'success') return refused();
  try {
    const done = await backend.call(confirmUpload, {
      paperId: id,
      idempotencyKey: String(formData.get('idempotencyKey') ?? ''),
      agreement: true,
      uuid,
      captcha: submission.value.captcha || undefined,
      ...(strict.success
        ? {
            title: strict.data.title,
            titleEn: strict.data.titleEn,
            abstract: strict.data.abstract,
            keywords: strict.data.keywords,
            columnId: strict.data.columnId,
            paperType: strict.data.paperType,
            fund: strict.data.fund,
            remark: strict.data.remark,
            authors: strict.data.authors,
          }
        : {}),
    });
    throw redirect(`/upload/result?paperId=${done.id}`);
  } catch (error) {
    if (error instanceof BackendEnvelopeError) return refused([error.backendMessage]);
    throw error;
  }
}

export default function UploadConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { draft } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const captcha = actionData?.captcha && loaderData.captcha ? actionData.captcha : loaderData.captcha;
  const schema = confirmSchema(captcha !== null);
  const [form, fields] = useForm({
    id: 'confirm-upload',
    lastResult: actionData?.result,
    ...checkedBy(schema),
  });
  const refusal = form.errors?.[0];
  const rows: [string, string][] = [
    [copy.labels.journal, draft.journalName ?? ''],
    [copy.info.fields.title, draft.title],
    [copy.info.fields.titleEn, draft.titleEn || copy.labels.none],
    [copy.info.fields.abstract, draft.abstract ?? ''],
    [copy.info.fields.keywords, draft.keywords.join('；')],
    [copy.info.fields.columnId, draft.columnName ?? ''],
    [copy.info.fields.paperType, draft.paperType ?? ''],
    [copy.info.fields.fund, draft.fund || copy.labels.none],
    [
      copy.labels.authors,
      draft.authors
        .map((a) => `${a.name}（${a.institution ?? ''}）${a.corresponding ? `，${copy.info.authors.corresponding}：${a.email ?? ''} ${a.mobile ?? ''}` : ''}`)
        .join('\n'),
    ],
    [copy.labels.file, draft.files.filter((f) => f.kind === 'original').at(-1)?.fileName ?? ''],
  ];
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <h1>{copy.confirm.title}</h1>
      <Steps current={2} />
      {refusal ? (
        <div id={form.errorId} className={classes.alert} role="alert">
          <p>{copy.confirm.failed}</p>
          <p>{refusal}</p>
        </div>
      ) : null}
      <section className={classes.section}>
        <p>{copy.confirm.intro}</p>
        <dl className={classes.dl}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <FormLook look={uploadLook}>
        <Form method="post" action={`/upload/confirm?paperId=${draft.id}`} {...getFormProps(form)} className={classes.section}>
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          {captcha ? (
            <>
              <input type="hidden" name="uuid" value={captcha.uuid} />
              <TextField
                key={captcha.uuid}
                meta={fields.captcha}
                label={copy.confirm.captcha}
                hint={copy.confirm.captchaHint}
                inputMode="numeric"
                autoComplete="off"
                beside={
                  <>
                    <img
                      className={classes.captcha}
                      src={`${BROWSER_ENDPOINTS.submissionCaptcha.path}?uuid=${captcha.uuid}`}
                      alt={copy.confirm.captchaHint}
                      width={180}
                      height={60}
                    />
                    {/* The page again: its loader draws a new code (with or without JavaScript). */}
                    <Link to={`/upload/confirm?paperId=${draft.id}`} className={classes.refresh} preventScrollReset replace>
                      {copy.confirm.captchaRefresh}
                    </Link>
                  </>
                }
              />
            </>
          ) : null}
          <p className={classes.hint}>{copy.confirm.agreed}</p>
          <div className={classes.actions}>
            <Link to={`/upload/info?paperId=${draft.id}`} className={classes.secondary}>
              {copy.confirm.edit}
            </Link>
            <SubmitButton busy={busy} busyLabel={copy.confirm.submitting}>
              {copy.confirm.submit}
            </SubmitButton>
          </div>
        </Form>
      </FormLook>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
