// The sections of a manuscript's page (/personal/manuscripts/:id) that the author acts in.
import { useState, type ReactNode } from 'react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { FormLook, FormMessage, TextareaField } from '~/components/forms/fields';
import { checkedBy, validateForm } from '~/components/forms/validate';
import { formatRemarksFormSchema, proofSchema } from '~/schemas/manuscript';
import { manuscriptLook } from './look';
import type { FormatReport, ManuscriptDetail, ManuscriptFile, PayLoading } from '~/backend/endpoints/manuscripts.server';
import { manuscripts as copy } from '~/copy/manuscripts';
import { Link } from '~/lib/link';
import { manuscriptPath } from './paths';
import { FORMAT_REMARK_STAGES, SCHEDULED_STAGES, isStageIn, type Stage } from './status';
import classes from './manuscripts.module.css';

/** The files the backend generates on demand, and from which stage each exists. */
const GENERATED: {
  type: 'info' | 'titlePage' | 'offer';
  stages: readonly Stage[] | null;
}[] = [
  { type: 'info', stages: null },
  { type: 'titlePage', stages: null },
  { type: 'offer', stages: SCHEDULED_STAGES },
];

/** A manuscript's file as its page lists it: downloads go through the portal, by kind, version or id, never by the backend's own address. */
export type ListedFile = Pick<ManuscriptFile, 'id' | 'kind' | 'kindName' | 'version' | 'fileName' | 'createTime' | 'note'>;
/** A manuscript as its page shows it: its files listed, not their stored records. */
export type ShownManuscript = Omit<ManuscriptDetail, 'files'> & { files: ListedFile[] };

export function listedFile({ id, kind, kindName, version, fileName, createTime, note }: ListedFile): ListedFile {
  return { id, kind, kindName, version, fileName, createTime, note };
}

export function downloadHref(paper: Pick<ShownManuscript, 'id'>, file: ListedFile): string {
  const base = `${manuscriptPath(paper.id)}/download`;
  if ((file.kind === 'original' || file.kind === 'revision') && file.id) return `${base}/manuscript?fileId=${file.id}`;
  return `${base}/file?type=${encodeURIComponent(file.kind ?? '')}${file.version ? `&version=${file.version}` : ''}`;
}

export function Actions({ paper }: { paper: ShownManuscript }) {
  const { actions } = paper;
  const base = manuscriptPath(paper.id);
  const hasProof = paper.files.some((f) => f.kind === 'proof');
  const paid = paper.order?.status === 'paid';
  const links: { key: string; node: ReactNode }[] = [];
  if (actions.canRevise)
    links.push({
      key: 'revise',
      node: (
        <Link to={`/updatePaperInfo?id=${paper.id}`} className={classes.button}>
          {copy.detail.revise}
        </Link>
      ),
    });
  else if (actions.canEdit)
    links.push({
      key: 'edit',
      node: (
        <Link to={`/updatePaperInfo?id=${paper.id}`} className={classes.secondary}>
          {copy.detail.edit}
        </Link>
      ),
    });
  if (actions.canPay)
    links.push({
      key: 'pay',
      node: (
        <Link to={`${base}/payment`} className={classes.button}>
          {copy.detail.pay}
        </Link>
      ),
    });
  if (actions.canDownloadOffer)
    links.push({
      key: 'offer',
      node: (
        <a href={`${base}/download/offer`} download className={classes.secondary}>
          {copy.detail.offer}
        </a>
      ),
    });
  if (hasProof)
    links.push({
      key: 'proof',
      node: (
        <a href={`${base}/download/proof`} download className={classes.secondary}>
          {copy.detail.proofDownload}
        </a>
      ),
    });
  if (actions.canDownloadOffer)
    links.push({
      key: 'package',
      node: (
        <a href={`${base}/download/title-package`} download className={classes.secondary}>
          {copy.detail.titlePackage}
        </a>
      ),
    });
  if (paper.order && !actions.canPay)
    links.push({
      key: 'payment',
      node: (
        <Link to={`${base}/payment`} className={classes.secondary}>
          {copy.detail.paymentInfo}
        </Link>
      ),
    });
  if (paid)
    links.push({
      key: 'receipt',
      node: (
        <a href={`${base}/download/receipt`} download className={classes.secondary}>
          {copy.detail.receipt}
        </a>
      ),
    });
  if (paper.articleId)
    links.push({
      key: 'article',
      node: (
        <Link to={`/journal/detail?id=${paper.articleId}`} className={classes.secondary}>
          {copy.detail.article}
        </Link>
      ),
    });
  if (actions.canRetract)
    links.push({
      key: 'retract',
      node: (
        <Link to={`${base}/retract`} className={classes.secondary}>
          {copy.detail.retract}
        </Link>
      ),
    });
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

export function ProofCheck({ paper, lastResult }: { paper: ShownManuscript; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const t = copy.detail.proof;
  const [form, fields] = useForm({
    id: 'proof-check',
    lastResult,
    // Each button checks what it needs: corrections need the remark, a confirmation does not.
    onValidate: ({ formData, submitter }) => validateForm(formData, proofSchema(submitter?.name === 'intent' ? submitter.value : null)),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <section className={classes.panel} aria-labelledby="proof" id="proof-check">
      <h2 id="proof">{t.title}</h2>
      <p>{t.intro}</p>
      <p>
        <a href={`${manuscriptPath(paper.id)}/download/proof`} download>
          {copy.detail.proofDownload}
        </a>
      </p>
      <FormLook look={manuscriptLook}>
        <FormMessage form={form} />
        <Form method="post" action={manuscriptPath(paper.id)} {...getFormProps(form)}>
          <TextareaField meta={fields.remark} label={t.remark} hint={t.remarkHint} rows={4} maxLength={2000} />
          <div className={classes.actions}>
            <button type="submit" name="intent" value="confirmProof" className={classes.button} disabled={busy}>
              {t.confirm}
            </button>
            <button type="submit" name="intent" value="proofCorrections" className={classes.secondary} disabled={busy}>
              {t.corrections}
            </button>
          </div>
        </Form>
      </FormLook>
    </section>
  );
}

/** The author's remarks to the editors on the 格式审查. */
function FormatRemarksForm({ paper, remarks, lastResult }: { paper: ShownManuscript; remarks: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'formatRemarks';
  const t = copy.format;
  const [form, fields] = useForm({
    id: 'format-remarks',
    defaultValue: { remarks },
    lastResult,
    ...checkedBy(formatRemarksFormSchema, 'onSubmit'),
  });
  const typed = typeof fields.remarks.initialValue === 'string' ? fields.remarks.initialValue : remarks;
  const [length, setLength] = useState(typed.length);
  return (
    <FormLook look={manuscriptLook}>
      <Form
        method="post"
        action={manuscriptPath(paper.id)}
        className={classes.formBlock}
        {...getFormProps(form)}
        onInput={(event) => setLength((event.target as HTMLTextAreaElement).value.length)}
      >
        <FormMessage form={form} />
        <TextareaField meta={fields.remarks} label={t.remarks} hint={`${t.remarksHint} ${t.counter(length)}`} rows={4} maxLength={1000} />
        <button type="submit" name="intent" value="formatRemarks" className={classes.secondary} disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </Form>
    </FormLook>
  );
}

export function FormatCheck({ paper, report, lastResult }: { paper: ShownManuscript; report: FormatReport; lastResult?: SubmissionResult<string[]> }) {
  const t = copy.format;
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
        <FormatRemarksForm paper={paper} remarks={report.remarks ?? ''} lastResult={lastResult} />
      ) : report.remarks ? (
        <p>
          <strong>{t.saved}：</strong>
          {report.remarks}
        </p>
      ) : null}
    </section>
  );
}

export function GeneratedFiles({ paper, editorsFile }: { paper: ShownManuscript; editorsFile: ListedFile | null }) {
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

export function Schedule({ schedule }: { schedule: PayLoading }) {
  const t = copy.schedule;
  const fee = schedule.paid ? t.paid : schedule.needPay ? t.unpaid : t.noFee;
  return (
    <section className={classes.panel} aria-labelledby="manuscript-schedule">
      <h2 id="manuscript-schedule">{t.title}</h2>
      <dl className={classes.dl}>
        <dt>{t.needPay}</dt>
        <dd data-testid="schedule-fee">
          {fee}
          {schedule.amount !== null && schedule.amount !== undefined
            ? `（${schedule.amount.toFixed(2)} 元${schedule.orderNo ? `，${schedule.orderNo}` : ''}）`
            : ''}
        </dd>
        <dt>{t.issue}</dt>
        <dd data-testid="schedule-issue">
          {schedule.scheduled && schedule.issue ? t.issueName(schedule.issue.year, schedule.issue.issueNo, schedule.issue.publishDate) : t.notScheduled}
        </dd>
        <dt>{t.published}</dt>
        <dd data-testid="schedule-published">{schedule.published ? t.isPublished : t.notPublished}</dd>
      </dl>
    </section>
  );
}
