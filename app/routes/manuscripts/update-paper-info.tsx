import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import {
  SUBMIT_CHANGES_PATH,
  checkTheChanges,
  manuscriptContentModification,
  showPaperEditInfo,
  submissionPremiseByGch,
  verifyMessages,
  type ManuscriptFields,
  type PaperEditInfo,
} from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { RevisionUploadForm } from '~/components/manuscripts/RevisionUploadForm';
import { ManuscriptFieldsForm } from '~/components/upload/ManuscriptFieldsForm';
import { manuscripts as copy } from '~/copy/manuscripts';
import {
  editAuthorList,
  fieldErrors,
  manuscriptChanges,
  manuscriptFormValues,
  manuscriptInfoSchema,
  type FieldChange,
  type ManuscriptFormValues,
} from '~/forms/manuscript';
import { flashCookie } from '~/lib/flash.server';
import { pageMeta } from '~/lib/meta';
import { watchLeadingFields } from '~/lib/multipart-head.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { draftValues } from '~/routes/upload/draft.server';
import type { Route } from './+types/update-paper-info';
import classes from '~/routes/upload/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';
import { optional } from '~/backend/optional.server';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.revision.title, noindex: true });

const FIELDS = ['title', 'titleEn', 'abstract', 'keywords', 'columnId', 'paperType', 'fund', 'remark', 'authors'] as const;
const KEY = /^[\w-]{8,100}$/;

function idFrom(request: Request): number {
  const url = new URL(request.url);
  const raw = url.searchParams.get('id') ?? url.searchParams.get('paperId') ?? '';
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw data(copy.notFound, { status: 404 });
  return id;
}

async function editInfo(request: Request, context: Route.LoaderArgs['context'], id: number): Promise<PaperEditInfo> {
  try {
    return await backendFor(request, context).call(showPaperEditInfo, { id });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage || copy.notFound, { status: 404 });
    throw error;
  }
}

const detailPath = (id: number) => `/personal/manuscripts/${id}`;

/**
 * /updatePaperInfo?id=: the revision the editors asked for (待返修): edit the information,
 * check what changed (核对修改) and save it, then upload the revised file with the 修改说明
 * (submitChanges). Before review starts (已投稿) only the information can be edited.
 * Earlier versions stay listed and downloadable.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = idFrom(request);
  const info = await editInfo(request, context, id);
  if (info.status === 'draft') throw redirect(`/upload/info?paperId=${id}`);
  if (!info.actions.canRevise && !info.actions.canEdit) {
    throw redirect(detailPath(id), { headers: { 'Set-Cookie': flashCookie(context, copy.revision.notAllowed(info.statusName), 'error') } });
  }
  const mode = info.actions.canRevise ? ('revision' as const) : ('edit' as const);
  const url = new URL(request.url);
  const step = mode === 'revision' && url.searchParams.get('step') === 'file' ? ('file' as const) : ('info' as const);
  const changed = (url.searchParams.get('changed') ?? '').split(',').filter((f): f is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(f));
  const backend = backendFor(request, context);
  const [messages, edited, maxSizeMb] = await Promise.all([
    mode === 'revision' ? backend.call(verifyMessages, { id, current: 1, size: 20 }).then((page) => page.records) : Promise.resolve([]),
    // The editors' own edited version (编辑修改稿), when they made one: read-only, a refusal means none.
    mode === 'revision'
      ? optional(
          backend.call(checkTheChanges, { id }).then((check) => check.files.filter((f) => f.kind === 'edited')),
          [],
        )
      : Promise.resolve([]),
    // The journal's own size limit when it states one; the portal's default otherwise.
    info.gch ? optional(backend.call(submissionPremiseByGch, { gch: info.gch }).then((premise) => premise.requirements?.maxSizeMb ?? 50), 50) : Promise.resolve(50),
  ]);
  return {
    paper: info,
    values: draftValues(info),
    mode,
    step,
    changed: url.searchParams.has('changed') ? changed : null,
    messages,
    edited,
    maxSizeMb,
    idempotencyKey: `rev-${id}-${crypto.randomUUID()}`,
  };
}

type ActionAnswer =
  | { kind: 'info'; values: ManuscriptFormValues; errors: Record<string, string>; message: string | null }
  | { kind: 'check'; values: ManuscriptFormValues; changes: FieldChange[]; message: string | null }
  | { kind: 'file'; responseLetter: string; error: string };

/** The information to save: every field of the checked form; optional texts the author emptied are cleared (`clear`). */
function toBackend(values: ReturnType<typeof manuscriptInfoSchema.parse>, before: ManuscriptFormValues): ManuscriptFields {
  const clear = (['titleEn', 'fund', 'remark'] as const).filter((name) => !values[name] && before[name]);
  return {
    title: values.title,
    titleEn: values.titleEn,
    abstract: values.abstract,
    keywords: values.keywords,
    columnId: values.columnId,
    paperType: values.paperType,
    fund: values.fund,
    remark: values.remark,
    authors: values.authors.map((a) => ({ name: a.name, institution: a.institution, email: a.email, mobile: a.mobile, corresponding: a.corresponding })),
    ...(clear.length ? { clear } : {}),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = idFrom(request);

  // The revised file (without JavaScript): streamed to submitChanges as it arrives.
  if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
    const key = new URL(request.url).searchParams.get('key') ?? '';
    if (!request.body || !KEY.test(key)) return data<ActionAnswer>({ kind: 'file', responseLetter: '', error: copy.revision.file.notMultipart }, { status: 400 });
    const watched = watchLeadingFields(request.body, request.headers.get('Content-Type'));
    const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body: watched.stream, signal: request.signal, duplex: 'half' } as RequestInit & { duplex: 'half' });
    const answer = await backendFor(request, context).upload(SUBMIT_CHANGES_PATH, forwarded, { id, idempotencyKey: key });
    if (answer.ok) {
      throw redirect(`${detailPath(id)}?done=revision`, { headers: { 'Set-Cookie': flashCookie(context, answer.message || copy.detail.revisionDone, 'success') } });
    }
    const typed = watched.fields();
    return data<ActionAnswer>(
      { kind: 'file', responseLetter: typed.responseLetter ?? '', error: answer.message || copy.revision.file.notMultipart },
      { status: answer.status === 413 || answer.code === 413 ? 413 : 400 },
    );
  }

  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? 'check');
  const values = manuscriptFormValues(formData);
  const edited = editAuthorList(values, intent);
  if (edited) return data<ActionAnswer>({ kind: 'info', values: edited, errors: {}, message: null });
  if (intent === 'edit') return data<ActionAnswer>({ kind: 'info', values, errors: {}, message: null });

  const strict = manuscriptInfoSchema.safeParse(values);
  if (!strict.success) return data<ActionAnswer>({ kind: 'info', values, errors: fieldErrors(strict.error.issues), message: null }, { status: 400 });
  const info = await editInfo(request, context, id);
  const before = draftValues(info);
  const changes = manuscriptChanges(before, values, info.columns);
  if (intent !== 'confirm') return data<ActionAnswer>({ kind: 'check', values, changes, message: null });

  const mode = info.actions.canRevise ? 'revision' : 'edit';
  if (changes.length > 0) {
    try {
      await backendFor(request, context).call(manuscriptContentModification, { id, ...toBackend(strict.data, before) });
    } catch (error) {
      if (error instanceof BackendEnvelopeError) return data<ActionAnswer>({ kind: 'check', values, changes, message: error.backendMessage }, { status: 400 });
      throw error;
    }
  }
  if (mode === 'revision') {
    const changed = changes.map((c) => c.field).join(',');
    throw redirect(`/updatePaperInfo?id=${id}&step=file&changed=${changed}`);
  }
  throw redirect(`${detailPath(id)}${changes.length ? '?done=edit' : ''}`);
}

/** The checked values, carried to the confirmation as the same fields the form has. */
function HiddenValues({ values }: { values: ManuscriptFormValues }) {
  const corresponding = values.authors.findIndex((a) => a.corresponding === 'on');
  const plain = ['title', 'titleEn', 'abstract', 'keywords', 'columnId', 'paperType', 'fund', 'remark'] as const;
  return (
    <>
      {plain.map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null))}
      {values.authors.map((a, i) => (
        <span key={i} hidden>
          <input type="hidden" name={`authors[${i}].name`} value={a.name ?? ''} />
          <input type="hidden" name={`authors[${i}].institution`} value={a.institution ?? ''} />
          <input type="hidden" name={`authors[${i}].email`} value={a.email ?? ''} />
          <input type="hidden" name={`authors[${i}].mobile`} value={a.mobile ?? ''} />
        </span>
      ))}
      {corresponding >= 0 ? <input type="hidden" name="corresponding" value={corresponding} /> : null}
    </>
  );
}

function CheckChanges({ paperId, values, changes, revision }: { paperId: number; values: ManuscriptFormValues; changes: FieldChange[]; revision: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const t = copy.revision.check;
  return (
    <section className={classes.section} aria-labelledby="check-title">
      <h2 id="check-title">{t.title}</h2>
      {changes.length ? (
        <>
          <p>{t.intro}</p>
          <table className={classes.diff} data-testid="changes">
            <thead>
              <tr>
                <th scope="col">{t.field}</th>
                <th scope="col">{t.before}</th>
                <th scope="col">{t.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.field}>
                  <th scope="row">{copy.fieldLabels[c.field]}</th>
                  <td>
                    <del>{c.before || t.empty}</del>
                  </td>
                  <td>
                    <ins>{c.after || t.empty}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p role="status">{t.none}</p>
      )}
      <Form method="post" action={`/updatePaperInfo?id=${paperId}`}>
        <HiddenValues values={values} />
        <div className={classes.actions}>
          <button type="submit" name="intent" value="confirm" className={classes.button} disabled={busy}>
            {changes.length ? (revision ? t.confirm : t.confirmInfoOnly) : revision ? t.continue : t.confirmInfoOnly}
          </button>
          <button type="submit" name="intent" value="edit" className={classes.secondary} disabled={busy}>
            {t.back}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function UpdatePaperInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, mode, messages, edited, maxSizeMb, idempotencyKey, changed } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const view = answer?.kind ?? loaderData.step;
  const revision = mode === 'revision';
  const steps = revision ? copy.revision.steps : copy.revision.infoOnlySteps;
  const current = view === 'info' ? 0 : view === 'check' ? 1 : 2;
  const versions = paper.files.filter((f) => f.kind === 'original' || f.kind === 'revision');
  const values = answer && answer.kind !== 'file' ? answer.values : loaderData.values;
  return (
    <main id="main" className={`page-container ${classes.page}`}>
      <p>
        <Link to={detailPath(paper.id)}>{copy.payment.back}</Link>
      </p>
      <h1>
        {copy.revision.title}：{paper.title}
      </h1>
      <p className={classes.hint}>{[paper.manuscriptNo, paper.journalName, paper.statusName].filter(Boolean).join(' · ')}</p>
      <ol className={classes.steps} aria-label={copy.revision.title}>
        {steps.map((step, i) => (
          <li key={step} aria-current={i === current ? 'step' : undefined}>
            {i + 1}. {step}
          </li>
        ))}
      </ol>
      <p>{revision ? copy.revision.intro : copy.revision.infoOnlyIntro}</p>
      {answer && answer.kind !== 'file' && answer.message ? (
        <p className={classes.alert} role="alert">
          {answer.message}
        </p>
      ) : null}

      {revision && messages.length ? (
        <section className={classes.section} aria-labelledby="revision-messages">
          <h2 id="revision-messages">{copy.revision.messages}</h2>
          <ul className={classes.messages}>
            {messages.map((m) => (
              <li key={m.id}>
                <p className={classes.hint}>{[m.stageName, m.sender, m.createTime].filter(Boolean).join(' · ')}</p>
                <p>{m.content}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {edited.length ? (
        <section className={classes.section} aria-labelledby="revision-edited">
          <h2 id="revision-edited">{copy.revision.edited}</h2>
          <ul className={classes.list}>
            {edited.map((f) => (
              <li key={f.id ?? f.hash}>
                <span>
                  {f.kindName ?? f.kind} {f.version ? copy.detail.version(f.version) : ''}
                </span>
                <a href={`${detailPath(paper.id)}/download/file?type=edited${f.version ? `&version=${f.version}` : ''}`} download>
                  {f.fileName}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={classes.section} aria-labelledby="revision-versions">
        <h2 id="revision-versions">{copy.revision.versions}</h2>
        <p className={classes.hint}>{copy.revision.versionsHint}</p>
        <ul className={classes.list}>
          {versions.map((f) => (
            <li key={f.id ?? f.hash}>
              <span>
                {f.kindName ?? f.kind} {f.version ? copy.detail.version(f.version) : ''}
                {f.createTime ? <span className={classes.hint}>（{f.createTime}）</span> : null}
              </span>
              <a href={`${detailPath(paper.id)}/download/manuscript${f.id ? `?fileId=${f.id}` : ''}`} download>
                {f.fileName}
              </a>
            </li>
          ))}
        </ul>
      </section>

      {view === 'info' ? (
        <>
          <ManuscriptFieldsForm
            key={JSON.stringify(values)}
            paperId={paper.id}
            columns={paper.columns}
            paperTypes={paper.paperTypes}
            values={values}
            errors={answer?.kind === 'info' ? answer.errors : {}}
            action={`/updatePaperInfo?id=${paper.id}`}
            heading={copy.revision.formTitle}
            defaultIntent="check"
            buttons={(busy) => (
              <button type="submit" name="intent" value="check" className={classes.button} disabled={busy}>
                {copy.revision.toCheck}
              </button>
            )}
          />
          {revision ? (
            <p>
              <Link to={`/updatePaperInfo?id=${paper.id}&step=file`}>{copy.revision.skipInfo}</Link>
            </p>
          ) : null}
        </>
      ) : null}

      {view === 'check' && answer?.kind === 'check' ? <CheckChanges paperId={paper.id} values={answer.values} changes={answer.changes} revision={revision} /> : null}

      {view === 'file' ? (
        <>
          <section className={classes.section} aria-labelledby="revision-current">
            <h2 id="revision-current">{copy.revision.current}</h2>
            {changed ? (
              <p className={classes.success} role="status">
                {changed.length ? copy.revision.changed(changed.map((f) => copy.fieldLabels[f]).join('、')) : copy.revision.unchanged}
              </p>
            ) : null}
            <dl className={classes.dl}>
              <dt>{copy.fieldLabels.title}</dt>
              <dd>{paper.title}</dd>
              <dt>{copy.fieldLabels.keywords}</dt>
              <dd>{paper.keywords.join('；')}</dd>
              <dt>{copy.fieldLabels.authors}</dt>
              <dd>{paper.authors.map((a) => `${a.name}（${a.institution ?? ''}）`).join('；')}</dd>
            </dl>
            <p>
              <Link to={`/updatePaperInfo?id=${paper.id}`}>{copy.revision.editAgain}</Link>
            </p>
          </section>
          <section className={classes.section} aria-labelledby="revision-file">
            <h2 id="revision-file">{copy.revision.file.title}</h2>
            <RevisionUploadForm
              paperId={paper.id}
              idempotencyKey={idempotencyKey}
              maxSizeMb={maxSizeMb}
              responseLetter={answer?.kind === 'file' ? answer.responseLetter : ''}
              error={answer?.kind === 'file' ? answer.error : null}
            />
          </section>
        </>
      ) : null}
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
