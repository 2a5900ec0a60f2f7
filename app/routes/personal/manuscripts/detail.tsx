import { useState, type ReactNode } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import {
  checkTheChanges,
  checkTheChangesAttachment,
  formatCheckSubmissionRemarks,
  paperIsIssuePayLoadingVolume,
  paperWorkFlow,
  showPaperFormat,
  verifyMessages,
  type FormatReport,
  type ManuscriptDetail,
  type ManuscriptFile,
  type PayLoading,
} from '~/backend/endpoints/manuscripts.server';
import { manuscripts as copy } from '~/copy/manuscripts';
import { formatRemarksSchema } from '~/forms/manuscript';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusal } from '../personal.server';
import type { Route } from './+types/detail';
import { loadManuscript, manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';
import { optional } from '~/backend/optional.server';
import { FORMAT_REMARK_STAGES, SCHEDULED_STAGES, isStageIn, type Stage } from '~/components/manuscripts/status';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = ({ data: loaderData }) => pageMeta({ title: loaderData?.paper.title || copy.list.title, noindex: true });

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
  return { paper, flow, messages: messages.records, format, editorsFile, schedule, done: done === 'revision' || done === 'edit' ? done : null };
}

/** The files the backend generates on demand, and from which stage each exists. */
const GENERATED: { type: 'info' | 'titlePage' | 'offer'; stages: readonly Stage[] | null }[] = [
  { type: 'info', stages: null },
  { type: 'titlePage', stages: null },
  { type: 'offer', stages: SCHEDULED_STAGES },
];


type ActionAnswer = { form: 'proof' | 'format'; remark: string; error: string | null };
const answer = (form: ActionAnswer['form'], remark: string, error: string | null): ActionAnswer => ({ form, remark, error });

/** 校样核对 (checkTheChanges): confirm the proof, or send corrections; what was typed stays on a refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const backend = backendFor(request, context);
  if (intent === 'formatRemarks') {
    const typed = String(formData.get('remarks') ?? '');
    const parsed = formatRemarksSchema.safeParse(typed);
    if (!parsed.success) return data(answer('format', typed, parsed.error.issues[0]?.message ?? copy.format.required), { status: 400 });
    try {
      await backend.call(formatCheckSubmissionRemarks, { id, remarks: parsed.data });
    } catch (error) {
      return data(answer('format', typed, refusal(error)), { status: 400 });
    }
    return redirectWithToast(context, `${manuscriptPath(id)}#format-check`, copy.format.done);
  }
  const remark = String(formData.get('remark') ?? '').trim();
  if (remark.length > 2000) return data(answer('proof', remark, copy.detail.proof.remarkLength), { status: 400 });
  try {
    if (intent === 'confirmProof') {
      await backend.call(checkTheChanges, { id, confirm: true, ...(remark ? { remark } : {}) });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.confirmed);
    }
    if (intent === 'proofCorrections') {
      if (!remark) return data(answer('proof', remark, copy.detail.proof.remarkRequired), { status: 400 });
      await backend.call(checkTheChanges, { id, confirm: false, remark });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.sent);
    }
  } catch (error) {
    return data(answer('proof', remark, refusal(error)), { status: 400 });
  }
  return redirect(manuscriptPath(id));
}

function downloadHref(paper: ManuscriptDetail, file: ManuscriptFile): string {
  const base = `${manuscriptPath(paper.id)}/download`;
  if ((file.kind === 'original' || file.kind === 'revision') && file.id) return `${base}/manuscript?fileId=${file.id}`;
  return `${base}/file?type=${encodeURIComponent(file.kind ?? '')}${file.version ? `&version=${file.version}` : ''}`;
}

function Actions({ paper }: { paper: ManuscriptDetail }) {
  const { actions } = paper;
  const base = manuscriptPath(paper.id);
  const hasProof = paper.files.some((f) => f.kind === 'proof');
  const paid = paper.order?.status === 'paid';
  const links: { key: string; node: ReactNode }[] = [];
  if (actions.canRevise) links.push({ key: 'revise', node: <Link to={`/updatePaperInfo?id=${paper.id}`} className={classes.button}>{copy.detail.revise}</Link> });
  else if (actions.canEdit) links.push({ key: 'edit', node: <Link to={`/updatePaperInfo?id=${paper.id}`} className={classes.secondary}>{copy.detail.edit}</Link> });
  if (actions.canPay) links.push({ key: 'pay', node: <Link to={`${base}/payment`} className={classes.button}>{copy.detail.pay}</Link> });
  if (actions.canDownloadOffer) links.push({ key: 'offer', node: <a href={`${base}/download/offer`} download className={classes.secondary}>{copy.detail.offer}</a> });
  if (hasProof) links.push({ key: 'proof', node: <a href={`${base}/download/proof`} download className={classes.secondary}>{copy.detail.proofDownload}</a> });
  if (actions.canDownloadOffer) links.push({ key: 'package', node: <a href={`${base}/download/title-package`} download className={classes.secondary}>{copy.detail.titlePackage}</a> });
  if (paper.order && !actions.canPay) links.push({ key: 'payment', node: <Link to={`${base}/payment`} className={classes.secondary}>{copy.detail.paymentInfo}</Link> });
  if (paid) links.push({ key: 'receipt', node: <a href={`${base}/download/receipt`} download className={classes.secondary}>{copy.detail.receipt}</a> });
  if (paper.articleId) links.push({ key: 'article', node: <Link to={`/journal/detail?id=${paper.articleId}`} className={classes.secondary}>{copy.detail.article}</Link> });
  if (actions.canRetract) links.push({ key: 'retract', node: <Link to={`${base}/retract`} className={classes.secondary}>{copy.detail.retract}</Link> });
  return (
    <section className={classes.panel} aria-labelledby="manuscript-actions">
      <h2 id="manuscript-actions">{copy.detail.actions}</h2>
      {links.length ? (
        <ul className={classes.actions} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {links.map((l) => (
            <li key={l.key}>{l.node}</li>
          ))}
        </ul>
      ) : (
        <p className={classes.meta}>{paper.status === 'retracted' ? copy.detail.withdrawn : copy.detail.noActions}</p>
      )}
    </section>
  );
}

function ProofCheck({ paper, remark, error }: { paper: ManuscriptDetail; remark: string; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const t = copy.detail.proof;
  return (
    <section className={classes.panel} aria-labelledby="proof" id="proof-check">
      <h2 id="proof">{t.title}</h2>
      <p>{t.intro}</p>
      <p>
        <a href={`${manuscriptPath(paper.id)}/download/proof`} download>
          {copy.detail.proofDownload}
        </a>
      </p>
      {error ? (
        <p className={classes.alert} role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" action={manuscriptPath(paper.id)}>
        <div className={classes.field}>
          <label htmlFor="proof-remark">{t.remark}</label>
          <textarea id="proof-remark" name="remark" rows={4} maxLength={2000} defaultValue={remark} aria-describedby="proof-remark-hint" />
          <span id="proof-remark-hint" className={classes.hint}>
            {t.remarkHint}
          </span>
        </div>
        <div className={classes.actions}>
          <button type="submit" name="intent" value="confirmProof" className={classes.button} disabled={busy}>
            {t.confirm}
          </button>
          <button type="submit" name="intent" value="proofCorrections" className={classes.secondary} disabled={busy}>
            {t.corrections}
          </button>
        </div>
      </Form>
    </section>
  );
}

function FormatCheck({ paper, report, remarks, error }: { paper: ManuscriptDetail; report: FormatReport; remarks: string | null; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'formatRemarks';
  const t = copy.format;
  const value = remarks ?? report.remarks ?? '';
  const [length, setLength] = useState(value.length);
  const failed = report.items.filter((item) => item.status === 'failed').length;
  const pending = report.items.filter((item) => item.status === 'pending').length;
  const canRemark = isStageIn(paper.status, FORMAT_REMARK_STAGES);
  return (
    <section className={classes.panel} aria-labelledby="format-check-title" id="format-check">
      <h2 id="format-check-title">{t.title}</h2>
      <p className={report.passed ? classes.success : failed ? classes.notice : classes.meta} data-testid="format-result">
        {report.passed ? t.passed : failed ? t.failed(failed) : t.pending(pending)}
      </p>
      <p className={classes.meta}>{t.intro}</p>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.value}</th>
            <th scope="col">{t.columns.requirement}</th>
            <th scope="col">{t.columns.result}</th>
          </tr>
        </thead>
        <tbody>
          {report.items.map((item) => (
            <tr key={item.name} data-status={item.status}>
              <th scope="row" className={classes.rowHeader}>
                {item.name}
              </th>
              <td>{item.value}</td>
              <td>{item.requirement}</td>
              <td className={item.status === 'ok' ? classes.ok : item.status === 'failed' ? classes.notOk : classes.waiting}>
                <span aria-hidden="true">{item.status === 'ok' ? '✓ ' : item.status === 'failed' ? '✗ ' : '… '}</span>
                {item.status === 'ok' ? t.ok : item.status === 'failed' ? t.notOk : t.waiting}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canRemark ? (
        <Form method="post" action={manuscriptPath(paper.id)} className={classes.formBlock} noValidate>
          <div className={classes.field}>
            <label htmlFor="format-remarks">{t.remarks}</label>
            <textarea
              id="format-remarks"
              name="remarks"
              rows={4}
              maxLength={1000}
              required
              defaultValue={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={`format-remarks-hint${error ? ' format-remarks-error' : ''}`}
              onChange={(e) => setLength(e.currentTarget.value.length)}
            />
            <span id="format-remarks-hint" className={classes.hint}>
              {t.remarksHint} {t.counter(length)}
            </span>
            {error ? (
              <p id="format-remarks-error" className={classes.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" name="intent" value="formatRemarks" className={classes.secondary} disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </Form>
      ) : report.remarks ? (
        <p>
          <strong>{t.saved}：</strong>
          {report.remarks}
        </p>
      ) : null}
    </section>
  );
}

function GeneratedFiles({ paper, editorsFile }: { paper: ManuscriptDetail; editorsFile: ManuscriptFile | null }) {
  const t = copy.generated;
  const base = manuscriptPath(paper.id);
  const previews = GENERATED.filter((g) => !g.stages || isStageIn(paper.status, g.stages));
  return (
    <div className={classes.generated}>
      <h3>{t.title}</h3>
      <p className={classes.meta}>{t.intro}</p>
      <ul className={classes.actions} style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
        {previews.map((g) => (
          <li key={g.type}>
            <a href={`${base}/preview/${g.type}`} target="_blank" rel="noopener" className={classes.secondary}>
              {t.preview(t.names[g.type] ?? g.type)}
              <span className="visually-hidden">{t.newWindow}</span>
            </a>
          </li>
        ))}
        <li>
          <a href={`${base}/download/word`} download className={classes.secondary} aria-describedby="word-hint">
            {t.word}
          </a>
        </li>
        {editorsFile ? (
          <li>
            <a href={downloadHref(paper, editorsFile)} download className={classes.secondary} data-testid="editors-file">
              {t.edited(editorsFile.kindName ?? editorsFile.kind ?? '')}
            </a>
          </li>
        ) : null}
      </ul>
      <p id="word-hint" className={classes.hint}>
        {t.wordHint}
        {editorsFile ? ` ${t.editedNote(editorsFile.fileName, editorsFile.createTime ?? '')}` : ''}
      </p>
    </div>
  );
}

function Schedule({ schedule }: { schedule: PayLoading }) {
  const t = copy.schedule;
  const fee = schedule.paid ? t.paid : schedule.needPay ? t.unpaid : t.noFee;
  return (
    <section className={classes.panel} aria-labelledby="manuscript-schedule">
      <h2 id="manuscript-schedule">{t.title}</h2>
      <dl className={classes.dl}>
        <dt>{t.needPay}</dt>
        <dd data-testid="schedule-fee">
          {fee}
          {schedule.amount !== null && schedule.amount !== undefined ? `（${schedule.amount.toFixed(2)} 元${schedule.orderNo ? `，${schedule.orderNo}` : ''}）` : ''}
        </dd>
        <dt>{t.issue}</dt>
        <dd data-testid="schedule-issue">{schedule.scheduled && schedule.issue ? t.issueName(schedule.issue.year, schedule.issue.issueNo, schedule.issue.publishDate) : t.notScheduled}</dd>
        <dt>{t.published}</dt>
        <dd data-testid="schedule-published">{schedule.published ? t.isPublished : t.notPublished}</dd>
      </dl>
    </section>
  );
}

export default function ManuscriptPage({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, flow, messages, format, editorsFile, schedule, done } = loaderData;
  const formatAnswer = actionData?.form === 'format' ? actionData : null;
  const proofAnswer = actionData?.form === 'proof' ? actionData : null;
  const f = copy.detail.fields;
  const rows: [string, string][] = [
    [f.manuscriptNo, paper.manuscriptNo ?? ''],
    [f.journal, paper.journalName ?? ''],
    [f.column, paper.columnName ?? ''],
    [f.paperType, paper.paperType ?? ''],
    [f.status, paper.statusName],
    [f.submitTime, paper.submitTime ?? ''],
    [f.acceptTime, paper.acceptTime ?? ''],
    [f.plannedIssue, paper.plannedIssue ? copy.detail.plannedIssue(paper.plannedIssue.year, paper.plannedIssue.issueNo) : ''],
    [f.similarity, paper.similarity !== null && paper.similarity !== undefined ? `${paper.similarity}%` : ''],
    [f.retractReason, paper.retractReason ?? ''],
    [f.titleEn, paper.titleEn ?? ''],
    [f.abstract, paper.abstract ?? ''],
    [f.keywords, paper.keywords.join('；')],
    [f.fund, paper.fund ?? ''],
    [f.remark, paper.remark ?? ''],
  ];
  const files = [...paper.files].sort((a, b) => (a.createTime ?? '').localeCompare(b.createTime ?? '') || (a.id ?? 0) - (b.id ?? 0));
  return (
    <main id="main">
      <p>
        <Link to="/personal/manuscripts">{copy.detail.back}</Link>
      </p>
      <section className={classes.panel} aria-labelledby="manuscript-title">
        <div className={classes.header}>
          <h1 id="manuscript-title">{paper.title}</h1>
          <span className={classes.status} data-status={paper.status} data-testid="manuscript-status">
            {paper.statusName}
          </span>
        </div>
        {done === 'revision' ? (
          <p className={classes.success} role="status">
            {copy.detail.revisionDone}
          </p>
        ) : null}
        {done === 'edit' ? (
          <p className={classes.success} role="status">
            {copy.detail.editDone}
          </p>
        ) : null}
        <dl className={classes.dl}>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <Actions paper={paper} />

      {paper.actions.canCheckProof ? <ProofCheck paper={paper} remark={proofAnswer?.remark ?? ''} error={proofAnswer?.error ?? null} /> : null}

      {schedule ? <Schedule schedule={schedule} /> : null}

      {format ? <FormatCheck paper={paper} report={format} remarks={formatAnswer?.remark ?? null} error={formatAnswer?.error ?? null} /> : null}

      <section className={classes.panel} aria-labelledby="manuscript-workflow">
        <h2 id="manuscript-workflow">{copy.detail.workflow}</h2>
        <ol className={classes.timeline} aria-label={copy.detail.workflowLabel}>
          {flow.steps.map((step) => (
            <li key={step.stage} data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
              <span className={classes.name}>{step.name}</span>
              <span className={classes.time}>{step.time ? step.time.slice(0, 10) : (copy.detail.states[step.state] ?? '')}</span>
              <span className="visually-hidden">（{copy.detail.states[step.state] ?? step.state}）</span>
            </li>
          ))}
        </ol>
        <h3>{copy.detail.events}</h3>
        {flow.events.length ? (
          <ol className={classes.log}>
            {[...flow.events].reverse().map((e) => (
              <li key={e.id}>
                <time dateTime={e.createTime?.replace(' ', 'T')}>{e.createTime}</time>
                <span>
                  【{e.stageName}】{e.note}
                  {e.operator ? <span className={classes.meta}>（{e.operator}）</span> : null}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={classes.meta}>{copy.detail.noEvents}</p>
        )}
      </section>

      <section className={classes.panel} aria-labelledby="manuscript-messages">
        <h2 id="manuscript-messages">{copy.detail.messages}</h2>
        {messages.length ? (
          <ul className={classes.messages}>
            {messages.map((m) => (
              <li key={m.id}>
                <p className={classes.meta}>{[m.stageName, m.sender, m.createTime].filter(Boolean).join(' · ')}</p>
                <p>{m.content}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.meta}>{copy.detail.noMessages}</p>
        )}
      </section>

      <section className={classes.panel} aria-labelledby="manuscript-authors">
        <h2 id="manuscript-authors">{copy.detail.authors}</h2>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{copy.detail.author.order}</th>
              <th scope="col">{copy.detail.author.name}</th>
              <th scope="col">{copy.detail.author.institution}</th>
              <th scope="col">{copy.detail.author.contact}</th>
            </tr>
          </thead>
          <tbody>
            {paper.authors.map((a, i) => (
              <tr key={`${a.name}-${i}`}>
                <td>{a.order ?? i + 1}</td>
                <td>
                  {a.name}
                  {a.corresponding ? `（${copy.detail.author.corresponding}）` : ''}
                </td>
                <td>{a.institution}</td>
                <td>{[a.email, a.mobile].filter(Boolean).join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={classes.panel} aria-labelledby="manuscript-files">
        <h2 id="manuscript-files">{copy.detail.files}</h2>
        {files.length ? (
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">{copy.detail.fileColumns.kind}</th>
                <th scope="col">{copy.detail.fileColumns.version}</th>
                <th scope="col">{copy.detail.fileColumns.name}</th>
                <th scope="col">{copy.detail.fileColumns.time}</th>
                <th scope="col">{copy.detail.fileColumns.note}</th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id ?? file.hash} data-file-kind={file.kind}>
                  <td>{file.kindName ?? file.kind}</td>
                  <td>{file.version ? copy.detail.version(file.version) : ''}</td>
                  <td>
                    <a href={downloadHref(paper, file)} download>
                      {file.fileName}
                    </a>
                  </td>
                  <td>{file.createTime}</td>
                  <td>{file.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={classes.meta}>{copy.detail.noFiles}</p>
        )}
        <GeneratedFiles paper={paper} editorsFile={editorsFile} />
      </section>

      {paper.order ? (
        <section className={classes.panel} aria-labelledby="manuscript-order">
          <h2 id="manuscript-order">{copy.detail.order}</h2>
          <p>
            {paper.order.orderNo} · {copy.detail.orderStatus(paper.order.statusName ?? paper.order.status, paper.order.amount)}
          </p>
        </section>
      ) : null}
    </main>
  );
}
