import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { checkedBy } from '~/components/forms/validate';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect, useLocation, useNavigation } from 'react-router';
import { getProfile } from '~/backend/endpoints/personal.server';
import {
  SCHOLAR_APPLICATION_PATH,
  authorIdentityAuthentication,
  faceRecognition,
  getFaceRecognitionResult,
  identityInformation,
  isScholarApplication,
  type ScholarState,
} from '~/backend/endpoints/verification.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { FaceSection, type FaceState } from '~/components/verification/FaceSection';
import { faceTicketCookie, readFaceTicket } from '~/components/verification/face-ticket.server';
import { FileField, FormLook, FormMessage, SubmitButton, TextField } from '~/components/forms/fields';
import { verificationLook } from '~/components/verification/look';
import { readLeadingFields } from '~/lib/multipart-head.server';
import classes from '~/components/verification/verification.module.css';
import { verification as copy } from '~/copy/verification';
import {
  SCHOLAR_FILE_ACCEPT,
  identityRefusalFields,
  identitySchema,
  maskIdNumber,
  scholarRefusalFields,
  scholarSchema,
  verificationMessages,
} from '~/forms/verification';
import { flashCookie } from '~/lib/flash.server';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { z } from 'zod';
import type { Route } from './+types/verification';
import { redirectWithToast, refusal, refusalOf } from '../personal.server';
import { refusalErrors } from '~/forms/refusal';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.meta.verification, noindex: true });

const PAGE = '/personal/account/verification';

/** /personal/account/verification: 实名认证, 人脸识别 and 学者认证, each with its state and form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  const backend = backendFor(request, context);
  const [identity, scholar, profile] = await Promise.all([backend.call(identityInformation), backend.call(isScholarApplication), backend.call(getProfile)]);

  let face: FaceState | null = null;
  const started = identity ? readFaceTicket(request, context, session.user.id) : null;
  if (started) {
    try {
      const result = await backend.call(getFaceRecognitionResult, {
        ticket: started.ticket,
      });
      face = {
        ...result,
        url: result.status === 'pending' ? started.url : null,
      };
    } catch (error) {
      // A ticket the backend no longer knows: as if none was started.
      if (!(error instanceof BackendEnvelopeError)) throw error;
    }
  }
  return {
    // The backend masks the number; masked again in case a backend ever sends it whole.
    identity: identity ? { ...identity, idNumber: maskIdNumber(identity.idNumber) } : null,
    face,
    scholar,
    applicant: {
      realName: identity?.realName ?? profile.realName ?? '',
      institution: profile.institution ?? '',
      title: profile.title ?? '',
    },
  };
}

type FormName = 'identity' | 'scholar';
interface Answer {
  form: FormName;
  result: SubmissionResult<string[]>;
}

function answer(form: FormName, result: SubmissionResult<string[]>, status = 400) {
  return data<Answer>({ form, result }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireAuthor(request, context);
  if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) return scholarApplication(request, context);

  const formData = await readForm(request);
  const backend = backendFor(request, context);
  const intent = formData.get('intent');

  if (intent === 'faceStart') {
    let cookie: string;
    try {
      const start = await backend.call(faceRecognition);
      if (!/^https?:\/\/[^/]/i.test(start.url)) throw new BackendEnvelopeError(faceRecognition.path, 502, copy.common.failed);
      cookie = faceTicketCookie(context, session.user.id, start);
    } catch (error) {
      return redirectWithToast(context, `${PAGE}#face`, refusal(error), 'error');
    }
    const headers = new Headers();
    headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', flashCookie(context, copy.face.started, 'success'));
    return redirect(`${PAGE}#face`, { headers });
  }

  // 实名认证 (the only other form of the page).
  const submission = parseWithZod(formData, { schema: identitySchema });
  if (submission.status !== 'success') return answer('identity', submission.reply());
  try {
    await backend.call(authorIdentityAuthentication, submission.value);
  } catch (error) {
    return answer('identity', submission.reply(refusalErrors(refusalOf(error), identityRefusalFields)));
  }
  return redirectWithToast(context, PAGE, copy.identity.done);
}

/**
 * 学者认证 without buffering the file: the text fields at the head of the multipart body
 * are read and checked (the same schema as the browser), then the body is streamed on
 * unchanged to the backend, which checks the file by its content and size.
 */
async function scholarApplication(request: Request, context: Route.ActionArgs['context']) {
  const lead = await readLeadingFields(request);
  if (!lead)
    return answer('scholar', {
      status: 'error',
      error: { '': [copy.common.notMultipart] },
    });
  const fields = new FormData();
  for (const [name, value] of Object.entries(lead.fields)) fields.set(name, value);
  // The size is the backend's to check while the file streams by (10 MB).
  if (lead.file?.name) fields.set('file', new File([new Uint8Array(1)], lead.file.name));
  const submission = parseWithZod(fields, { schema: scholarSchema });
  if (submission.status !== 'success') {
    await lead.discard();
    return answer('scholar', submission.reply({ hideFields: ['file'] }));
  }
  const forwarded = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: lead.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
  const upload = await backendFor(request, context).upload(SCHOLAR_APPLICATION_PATH, forwarded);
  if (!upload.ok) {
    const tooLarge = upload.status === 413 || upload.code === 413;
    const refused = tooLarge
      ? { message: verificationMessages.fileSize, field: 'file' }
      : { message: upload.message || copy.common.failed, field: upload.field };
    return answer(
      'scholar',
      submission.reply({
        hideFields: ['file'],
        ...refusalErrors(refused, scholarRefusalFields),
      }),
    );
  }
  return redirectWithToast(context, `${PAGE}#scholar`, upload.message || copy.scholar.submitted);
}

function IdentityForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof identitySchema>>({
    id: 'identity-form',
    lastResult,
    ...checkedBy(identitySchema),
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'identity';
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} className={classes.form}>
      <p className={classes.intro}>{copy.identity.intro}</p>
      <FormMessage form={form} />
      <div className={classes.grid}>
        <TextField meta={fields.realName} label={copy.identity.realName} placeholder={copy.identity.realNamePlaceholder} autoComplete="name" />
        <TextField meta={fields.idNumber} label={copy.identity.idNumber} hint={copy.identity.idNumberHint} autoComplete="off" className={classes.mono} />
      </div>
      <p className={classes.hint}>{copy.identity.onlyOnce}</p>
      <div className={classes.actions}>
        <input type="hidden" name="intent" value="identity" />
        <SubmitButton busy={busy} busyLabel={copy.common.saving}>
          {copy.identity.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

function ScholarForm({
  lastResult,
  defaults,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaults: { realName: string; institution: string; title: string };
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof scholarSchema>>({
    id: 'scholar-form',
    lastResult,
    defaultValue: defaults,
    ...checkedBy(scholarSchema),
  });
  const busy = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data';
  return (
    <Form method="post" action={PAGE} encType="multipart/form-data" {...getFormProps(form)} className={classes.form}>
      <FormMessage form={form} />
      <div className={classes.grid}>
        <TextField meta={fields.realName} label={copy.scholar.realName} autoComplete="name" />
        <TextField meta={fields.institution} label={copy.scholar.institution} autoComplete="organization" />
        <TextField meta={fields.title} label={copy.scholar.titleField} placeholder={copy.scholar.titlePlaceholder} />
        <TextField meta={fields.researchField} label={copy.scholar.researchField} />
      </div>
      {/* Last in the form: the action reads the fields before the file arrives. */}
      <FileField meta={fields.file} label={copy.scholar.file} hint={copy.scholar.fileHint} formats={copy.scholar.fileFormats} accept={SCHOLAR_FILE_ACCEPT} />
      <div className={classes.actions}>
        <SubmitButton busy={busy} busyLabel={copy.common.saving}>
          {copy.scholar.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

const STATUS_CLASS: Record<string, string | undefined> = {
  approved: classes.statusOk,
  pending: classes.statusWait,
  rejected: classes.statusBad,
};

function ScholarSection({
  scholar,
  lastResult,
  defaults,
}: {
  scholar: ScholarState;
  lastResult?: SubmissionResult<string[]>;
  defaults: { realName: string; institution: string; title: string };
}) {
  const app = scholar.application;
  const canApply = scholar.status === 'none' || scholar.status === 'rejected';
  return (
    <section id="scholar" className={classes.section} aria-labelledby="scholar-title">
      <h2 id="scholar-title">
        {copy.scholar.title}
        <span className={`${classes.status} ${STATUS_CLASS[scholar.status] ?? ''}`}>
          <span className="visually-hidden">{copy.scholar.status}：</span>
          {scholar.statusName}
        </span>
      </h2>
      {scholar.status === 'none' ? <p className={classes.intro}>{copy.scholar.intro}</p> : null}
      {scholar.status === 'pending' ? <p className={classes.note}>{copy.scholar.pending}</p> : null}
      {scholar.status === 'approved' ? <p className={`${classes.note} ${classes.noteOk}`}>{copy.scholar.approved}</p> : null}
      {scholar.status === 'rejected' ? (
        <p className={`${classes.note} ${classes.noteBad}`}>
          {copy.scholar.rejected}
          {app?.opinion ? `${copy.scholar.opinion}：${app.opinion}` : null}
        </p>
      ) : null}
      {app && scholar.status !== 'rejected' ? (
        <dl className={classes.dl}>
          <dt>{copy.scholar.realName}</dt>
          <dd>{app.realName}</dd>
          <dt>{copy.scholar.institution}</dt>
          <dd>{app.institution}</dd>
          <dt>{copy.scholar.titleField}</dt>
          <dd>{app.title}</dd>
          <dt>{copy.scholar.researchField}</dt>
          <dd>{app.researchField}</dd>
          {app.file ? (
            <>
              <dt>{copy.scholar.material}</dt>
              <dd>
                {app.file.previewUrl ? (
                  <a href={app.file.previewUrl} target="_blank" rel="noopener noreferrer">
                    {app.file.fileName}
                  </a>
                ) : (
                  app.file.fileName
                )}
              </dd>
            </>
          ) : null}
          {app.createTime ? (
            <>
              <dt>{copy.scholar.appliedAt}</dt>
              <dd>{app.createTime}</dd>
            </>
          ) : null}
          {app.decideTime ? (
            <>
              <dt>{copy.scholar.decidedAt}</dt>
              <dd>{app.decideTime}</dd>
            </>
          ) : null}
          {app.opinion ? (
            <>
              <dt>{copy.scholar.opinion}</dt>
              <dd>{app.opinion}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {canApply ? <ScholarForm lastResult={lastResult} defaults={defaults} /> : null}
    </section>
  );
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { identity, face, scholar, applicant } = loaderData;
  // A new page (after a redirect) starts fresh forms.
  const location = useLocation();
  const result = (name: FormName) => (actionData?.form === name ? actionData.result : undefined);
  return (
    <FormLook look={verificationLook}>
      <section id="identity" className={classes.section} aria-labelledby="identity-title">
        <h2 id="identity-title">
          {copy.identity.title}
          {identity ? <span className={`${classes.status} ${classes.statusOk}`}>{copy.identity.verified}</span> : null}
        </h2>
        {identity ? (
          <dl className={classes.dl}>
            <dt>{copy.identity.fields.realName}</dt>
            <dd>{identity.realName}</dd>
            <dt>{copy.identity.fields.idType}</dt>
            <dd>{identity.idTypeName}</dd>
            <dt>{copy.identity.fields.idNumber}</dt>
            <dd className={classes.mono}>{identity.idNumber}</dd>
            {identity.verifiedTime ? (
              <>
                <dt>{copy.identity.fields.verifiedTime}</dt>
                <dd>{identity.verifiedTime}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <IdentityForm lastResult={result('identity')} />
        )}
      </section>
      <FaceSection
        identityVerified={Boolean(identity)}
        faceVerified={Boolean(identity?.faceVerified)}
        faceVerifiedTime={identity?.faceVerifiedTime ?? null}
        face={face}
      />
      <ScholarSection key={location.key} scholar={scholar} lastResult={result('scholar')} defaults={applicant} />
    </FormLook>
  );
}
