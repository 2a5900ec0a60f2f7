import type { ReactNode } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { checkTheChanges, paperWorkFlow, verifyMessages, type ManuscriptDetail, type ManuscriptFile } from '~/backend/endpoints/manuscripts.server';
import { manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusal } from '../personal.server';
import type { Route } from './+types/detail';
import { loadManuscript, manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';

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
  const [flow, messages] = await Promise.all([backend.call(paperWorkFlow, { id }), backend.call(verifyMessages, { id, current: 1, size: 50 })]);
  const done = new URL(request.url).searchParams.get('done');
  return { paper, flow, messages: messages.records, done: done === 'revision' || done === 'edit' ? done : null };
}

/** 校样核对 (checkTheChanges): confirm the proof, or send corrections; what was typed stays on a refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const remark = String(formData.get('remark') ?? '').trim();
  if (remark.length > 2000) return data({ remark, error: copy.detail.proof.remarkLength }, { status: 400 });
  const backend = backendFor(request, context);
  try {
    if (intent === 'confirmProof') {
      await backend.call(checkTheChanges, { id, confirm: true, ...(remark ? { remark } : {}) });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.confirmed);
    }
    if (intent === 'proofCorrections') {
      if (!remark) return data({ remark, error: copy.detail.proof.remarkRequired }, { status: 400 });
      await backend.call(checkTheChanges, { id, confirm: false, remark });
      return redirectWithToast(context, manuscriptPath(id), copy.detail.proof.sent);
    }
  } catch (error) {
    return data({ remark, error: refusal(error) }, { status: 400 });
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
        <p className={classes.meta}>{copy.detail.noActions}</p>
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

export default function ManuscriptPage({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, flow, messages, done } = loaderData;
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

      {paper.actions.canCheckProof ? <ProofCheck paper={paper} remark={actionData?.remark ?? ''} error={actionData?.error ?? null} /> : null}

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
