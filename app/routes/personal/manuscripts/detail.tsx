import { Link } from '~/lib/link';
import { manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/detail';
import classes from '~/components/manuscripts/manuscripts.module.css';
import { Actions, FormatCheck, GeneratedFiles, ProofCheck, Schedule, downloadHref } from '~/components/manuscripts/ManuscriptSections';

export { action, loader } from './detail.server';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({
    title: loaderData?.paper.title || copy.list.title,
    noindex: true,
  });

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
    <main id="main" tabIndex={-1}>
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

      {paper.actions.canCheckProof ? <ProofCheck paper={paper} lastResult={proofAnswer?.result} /> : null}

      {schedule ? <Schedule schedule={schedule} /> : null}

      {format ? <FormatCheck paper={paper} report={format} lastResult={formatAnswer?.result} /> : null}

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
              {files.map((file, index) => (
                <tr key={file.id ?? `${file.kind}-${index}`} data-file-kind={file.kind}>
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
