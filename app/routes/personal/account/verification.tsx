import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, useLocation, useNavigation } from 'react-router';
import type { ScholarState } from '~/backend/endpoints/verification.server';
import { FileField, FormLook, FormMessage, SubmitButton, TextField } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { FaceSection } from '~/components/verification/FaceSection';
import { verificationLook } from '~/components/verification/look';
import classes from '~/components/verification/verification.module.css';
import { verification as copy } from '~/copy/verification';
import { SCHOLAR_FILE_ACCEPT, identitySchema, scholarSchema } from '~/schemas/verification';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';
import type { Route } from './+types/verification';
import type { FormName } from './verification.server';

export { action, loader } from './verification.server';

/** Where the page's forms post. */
const PAGE = '/personal/account/verification';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.meta.verification, noindex: true });

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
