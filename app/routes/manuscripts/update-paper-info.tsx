import { Form, useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import { RevisionUploadForm } from '~/components/manuscripts/RevisionUploadForm';
import { ManuscriptFieldsForm } from '~/components/upload/ManuscriptFieldsForm';
import { manuscripts as copy } from '~/copy/manuscripts';
import { type FieldChange, type ManuscriptFormValues } from '~/schemas/manuscript';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/update-paper-info';
import classes from '~/styles/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';
import { manuscriptPath } from '~/components/manuscripts/paths';
import type { ActionAnswer } from './update-paper-info.server';

export { action, loader } from './update-paper-info.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.revision.title, noindex: true });

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
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <p>
        <Link to={manuscriptPath(paper.id)}>{copy.payment.back}</Link>
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
                <a href={`${manuscriptPath(paper.id)}/download/file?type=edited${f.version ? `&version=${f.version}` : ''}`} download>
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
              <a href={`${manuscriptPath(paper.id)}/download/manuscript${f.id ? `?fileId=${f.id}` : ''}`} download>
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

      {view === 'check' && answer?.kind === 'check' ? (
        <CheckChanges paperId={paper.id} values={answer.values} changes={answer.changes} revision={revision} />
      ) : null}

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
