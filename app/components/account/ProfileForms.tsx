import { getFormProps, useForm } from '@conform-to/react';
import { useMemo, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { account as copy } from '~/copy/account';
import { AVATAR_ACCEPT, IMAGE_MAGIC_BYTES, avatarError, avatarFileSchema, profileSchema } from '~/schemas/account';
import { FileField, FormMessage, RadioField, TextField, TextareaField } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { FormName, useAccountForm } from './account-form';
import classes from './account.module.css';

const t = copy.profile;

export interface ProfileView {
  username: string;
  mobileNo: string | null;
  realName: string | null;
  identityVerified: boolean;
  gender: number | null;
  mailbox: string | null;
  title: string | null;
  education: string | null;
  institution: string | null;
  department: string | null;
  researchFields: string[];
  address: string | null;
  postcode: string | null;
  orcid: string | null;
  bio: string | null;
  createTime: string | null;
}

/** 个人信息: modifyProfile. The real name is fixed once the identity is verified. */
export function ProfileForm({ profile, actionData }: { profile: ProfileView; actionData: unknown }) {
  const { form, fields, busy, formProps } = useAccountForm({
    id: 'profile-form',
    form: 'profile',
    schema: profileSchema,
    actionData,
    defaultValue: {
      realName: profile.realName ?? undefined,
      gender: profile.gender ? String(profile.gender) : undefined,
      mailbox: profile.mailbox ?? undefined,
      title: profile.title ?? undefined,
      education: profile.education ?? undefined,
      institution: profile.institution ?? undefined,
      department: profile.department ?? undefined,
      researchFields: profile.researchFields.join('；') || undefined,
      address: profile.address ?? undefined,
      postcode: profile.postcode ?? undefined,
      orcid: profile.orcid ?? undefined,
      bio: profile.bio ?? undefined,
    },
  });
  return (
    <section className={classes.section} aria-labelledby="profile-info-title">
      <h2 id="profile-info-title">{t.info.title}</h2>
      <p className={classes.intro}>{t.info.intro}</p>
      <dl className={classes.dl}>
        <dt>{t.info.username}</dt>
        <dd>{profile.username}</dd>
        <dt>{t.info.mobile}</dt>
        <dd>{profile.mobileNo ?? copy.security.mobile.none}</dd>
        {profile.identityVerified ? (
          <>
            <dt>{t.info.realName}</dt>
            <dd>
              {profile.realName} <span className={classes.hint}>（{t.info.realNameLocked}）</span>
            </dd>
          </>
        ) : null}
        {profile.createTime ? (
          <>
            <dt>{t.info.joined}</dt>
            <dd>{profile.createTime.slice(0, 10)}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post" {...formProps} className={classes.formWide}>
        <FormName name="profile" />
        <FormMessage form={form} />
        <div className={classes.grid}>
          {profile.identityVerified ? null : <TextField meta={fields.realName} label={t.info.realName} autoComplete="name" maxLength={30} />}
          <RadioField
            meta={fields.gender}
            label={t.info.gender}
            options={Object.entries(t.info.genders).map(([value, label]) => ({
              value,
              label,
            }))}
          />
          <TextField meta={fields.mailbox} label={t.info.mailbox} type="email" autoComplete="email" maxLength={100} />
          <TextField meta={fields.title} label={t.info.jobTitle} placeholder={t.info.jobTitlePlaceholder} maxLength={30} />
          <TextField meta={fields.education} label={t.info.education} placeholder={t.info.educationPlaceholder} maxLength={30} />
          <TextField meta={fields.institution} label={t.info.institution} autoComplete="organization" maxLength={100} />
          <TextField meta={fields.department} label={t.info.department} maxLength={100} />
          <TextField meta={fields.researchFields} label={t.info.researchFields} hint={t.info.researchFieldsHint} fieldClassName={classes.wide} />
          <TextField meta={fields.address} label={t.info.address} autoComplete="street-address" maxLength={200} fieldClassName={classes.wide} />
          <TextField meta={fields.postcode} label={t.info.postcode} autoComplete="postal-code" inputMode="numeric" maxLength={6} />
          <TextField meta={fields.orcid} label={t.info.orcid} hint={t.info.orcidHint} maxLength={19} />
          <TextareaField meta={fields.bio} label={t.info.bio} hint={t.info.bioHint} rows={5} maxLength={1000} fieldClassName={classes.wide} />
        </div>
        <div className={classes.actions}>
          <button type="submit" className={classes.button} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.info.saving : t.info.save}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * 头像: a multipart form. Without JavaScript it posts as is (the action checks the head of
 * the stream and streams it on); with it, the chosen file is checked first: there and within
 * the size by its schema, then its first bytes, which are read before it is sent.
 */
export function AvatarForm({ username, headImgUrl, error }: { username: string; headImgUrl: string | null; error?: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data';
  // The first bytes' verdict, known only once the file is read; a new object each time, so conform shows it again.
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  const lastResult = useMemo(() => {
    const shown = refusal?.message ?? error;
    return shown ? { status: 'error' as const, error: { file: [shown] } } : undefined;
  }, [refusal, error]);
  const [form, fields] = useForm({
    id: 'avatar-form',
    lastResult,
    ...checkedBy(avatarFileSchema, 'onSubmit'),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const file = submission.value.file;
      void file
        .slice(0, IMAGE_MAGIC_BYTES)
        .arrayBuffer()
        .then(
          (bytes) => {
            const problem = avatarError({ size: file.size, head: new Uint8Array(bytes), name: file.name });
            setRefusal(problem ? { message: problem } : null);
            if (!problem) void submit(formData, { method: 'post', encType: 'multipart/form-data' });
          },
          // Moved or deleted since it was chosen (or, on a phone, a photo not yet downloaded):
          // it could not be sent either.
          () => setRefusal({ message: t.avatar.unreadable }),
        );
    },
  });

  return (
    <section className={classes.section} aria-labelledby="avatar-title">
      <h2 id="avatar-title">{t.avatar.title}</h2>
      <div className={classes.avatarRow}>
        <span className={classes.avatar}>
          {headImgUrl ? (
            <img src={headImgUrl} alt={t.avatar.current} width={88} height={88} />
          ) : (
            <span aria-label={t.avatar.none} role="img">
              {username.slice(0, 1).toUpperCase()}
            </span>
          )}
        </span>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={classes.form}>
          <FileField meta={fields.file} label={t.avatar.file} hint={t.avatar.intro} formats={t.avatar.formats} accept={AVATAR_ACCEPT} />
          <div className={classes.actions}>
            <button type="submit" className={classes.secondary} disabled={busy} aria-busy={busy || undefined}>
              {busy ? t.avatar.uploading : t.avatar.submit}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
