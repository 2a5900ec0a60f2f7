import { data, redirect } from 'react-router';
import { Link } from '~/lib/link';
import { draftValues, loadDraft, paperIdFrom } from './draft.server';
import { manuscriptContentModification, type ManuscriptFields } from '~/backend/endpoints/manuscripts.server';
import { getProfile, type Profile } from '~/backend/endpoints/personal.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { ManuscriptFieldsForm } from '~/components/upload/ManuscriptFieldsForm';
import { Steps } from '~/components/upload/Steps';
import { UploadForm } from '~/components/upload/UploadForm';
import { upload as copy } from '~/copy/upload';
import { draftSchema, editAuthorList, fieldErrors, manuscriptFormValues, manuscriptInfoSchema, type ManuscriptFormValues } from '~/schemas/manuscript';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/info';
import classes from '~/styles/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.info.title, noindex: true });

/** Step 2: the draft kept on the backend (showPaperEditInfo), pre-filled from the .docx at upload. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = paperIdFrom(request);
  const draft = await loadDraft(request, context, id);
  // Submitted already (a bookmark, the back button): its page in the personal centre.
  if (draft.status !== 'draft') throw redirect(`/personal/manuscripts/${id}`);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  const values = draftValues(draft);
  // No author read from the file: the first is the one submitting, from their profile.
  if (values.authors.length === 0) {
    const profile = await backendFor(request, context)
      .call(getProfile)
      .catch(() => null);
    if (profile) values.authors = [authorFromProfile(profile)];
  }
  return { draft, values, saved, original: draft.files.filter((f) => f.kind === 'original').at(-1) ?? null };
}

/** The signed-in author as the first author (the profile shows the mobile masked, so it is typed). */
function authorFromProfile(profile: Profile): ManuscriptFormValues['authors'][number] {
  return {
    name: profile.realName ?? undefined,
    institution: profile.institution ?? undefined,
    email: profile.mailbox ?? undefined,
    mobile: undefined,
    corresponding: 'on',
  };
}

function toBackend(values: ManuscriptFormValues, strict: ReturnType<typeof manuscriptInfoSchema.safeParse>) {
  if (strict.success) {
    const v = strict.data;
    return {
      title: v.title,
      titleEn: v.titleEn,
      abstract: v.abstract,
      keywords: v.keywords,
      columnId: v.columnId,
      paperType: v.paperType,
      fund: v.fund,
      remark: v.remark,
      authors: v.authors.map((a) => ({ name: a.name, institution: a.institution, email: a.email, mobile: a.mobile, corresponding: a.corresponding })),
    } satisfies ManuscriptFields;
  }
  // Saving a draft: keep what is valid so far; fields the backend would refuse wait.
  const lenient = draftSchema.safeParse(values);
  const fields: ManuscriptFields = {};
  if (lenient.success) {
    const v = lenient.data;
    if (v.title && v.title.length >= 5) fields.title = v.title;
    if (v.titleEn) fields.titleEn = v.titleEn;
    if (v.abstract && v.abstract.length >= 50) fields.abstract = v.abstract;
    if (v.keywords && v.keywords.length >= 3 && v.keywords.length <= 8) fields.keywords = v.keywords;
    if (v.columnId) fields.columnId = v.columnId;
    if (v.paperType) fields.paperType = v.paperType;
    if (v.fund) fields.fund = v.fund;
    if (v.remark) fields.remark = v.remark;
  }
  const issues = strict.error?.issues ?? [];
  if (values.authors.length > 0 && !issues.some((i) => i.path[0] === 'authors')) {
    fields.authors = values.authors.map((a) => ({
      name: a.name ?? '',
      institution: a.institution ?? '',
      email: a.email,
      mobile: a.mobile,
      corresponding: a.corresponding === 'on',
    }));
  }
  return fields;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = paperIdFrom(request);
  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? 'save');
  const values = manuscriptFormValues(formData);

  // Author list edits without JavaScript: answer the edited list; nothing is saved yet.
  const edited = editAuthorList(values, intent);
  if (edited) return { values: edited, errors: {} as Record<string, string>, message: null };

  const strict = manuscriptInfoSchema.safeParse(values);
  const errors = strict.success ? {} : fieldErrors(strict.error.issues);
  try {
    await backendFor(request, context).call(manuscriptContentModification, { id, ...toBackend(values, strict) });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) return data({ values, errors, message: error.backendMessage }, { status: 400 });
    throw error;
  }
  if (intent === 'next') {
    if (!strict.success) return data({ values, errors, message: null }, { status: 400 });
    throw redirect(`/upload/confirm?paperId=${id}`);
  }
  throw redirect(`/upload/info?paperId=${id}&saved=1`);
}

export default function UploadInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, original } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <h1>
        {copy.info.title}：{draft.journalName}
      </h1>
      <Steps current={1} />
      {loaderData.saved && !actionData && (
        <p className={classes.success} role="status">
          {copy.info.saved}
        </p>
      )}
      {actionData?.message && (
        <p className={classes.alert} role="alert">
          {actionData.message}
        </p>
      )}
      <section className={classes.section} aria-labelledby="file-title">
        <h2 id="file-title">{copy.info.uploaded}</h2>
        {original && (
          <p>
            <a href={`/personal/manuscripts/${draft.id}/download/manuscript${original.id ? `?fileId=${original.id}` : ''}`} download>
              {original.fileName}
            </a>
          </p>
        )}
        {draft.title && <p className={classes.hint}>{copy.info.prefilled}</p>}
        <details>
          <summary>{copy.info.replace}</summary>
          <UploadForm gch={draft.gch ?? ''} maxSizeMb={50} paperId={draft.id} />
        </details>
      </section>
      <ManuscriptFieldsForm
        key={JSON.stringify(values)}
        paperId={draft.id}
        columns={draft.columns}
        paperTypes={draft.paperTypes}
        values={values}
        errors={errors}
      />
      <p>
        <Link to={`/upload?redirectGch=${encodeURIComponent(draft.gch ?? '')}`}>{copy.refused.otherJournal}</Link>
      </p>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
