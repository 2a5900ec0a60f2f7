import { data, redirect } from 'react-router';
import { Link } from '~/lib/link';
import { journalList } from '~/backend/endpoints/journals.server';
import {
  ACTIVITY_UPLOAD_PATH,
  MANUSCRIPT_UPLOAD_PATH,
  attachmentsByType,
  paperList,
  parallelSubmissionRestriction,
  submissionPremiseByGch,
  themesByJournal,
  uploadAnswerSchema,
  whetherJournalBeUploaded,
} from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { Steps } from '~/components/upload/Steps';
import { UploadForm } from '~/components/upload/UploadForm';
import { manuscripts as manuscriptsCopy } from '~/copy/manuscripts';
import { upload as copy } from '~/copy/upload';
import { pageMeta } from '~/lib/meta';
import { sanitizeRichText } from '~/lib/sanitize.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/index';
import classes from '~/styles/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({ title: loaderData && 'premise' in loaderData && loaderData.premise ? `${copy.title} - ${loaderData.premise.name}` : copy.title, noindex: true });

/** `themeId` of the URL (a 征稿活动), or null; anything but a positive integer counts as none. */
function themeIdOf(url: URL): number | null {
  const raw = url.searchParams.get('themeId');
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * /upload?redirectGch=GCH[&themeId=ID]: the journal's submission premise, templates,
 * refusals and open 征稿活动 (each linking to its own submission), and step 1 (the
 * manuscript file; with `themeId`, submitted to the activity through authorActivityUpload).
 * Without a journal: the picker over the contribution journals.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const backend = backendFor(request, context);
  const url = new URL(request.url);
  const gch = url.searchParams.get('redirectGch')?.trim();
  const themeId = themeIdOf(url);
  const drafts = backend.call(paperList, { status: 'draft', current: 1, size: 20 }).then((page) => page.records);
  if (!gch) {
    const journals = (await backend.call(journalList)).filter((j) => j.acceptsContribution).map(({ id, name, gch }) => ({ id, name, gch }));
    return { kind: 'picker' as const, journals, drafts: await drafts };
  }
  let premise;
  try {
    premise = await backend.call(submissionPremiseByGch, { gch });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage, { status: 404 });
    throw error;
  }
  const [whether, parallel, templates, draftList, themes] = await Promise.all([
    backend.call(whetherJournalBeUploaded, { gch }),
    backend.call(parallelSubmissionRestriction, { gch }),
    backend.call(attachmentsByType),
    drafts,
    // The open calls for papers; the page works without them.
    backend.call(themesByJournal, { journalId: premise.journalId, status: 'open' }).catch((error: unknown) => {
      if (error instanceof BackendEnvelopeError) return [];
      throw error;
    }),
  ]);
  const theme = themeId ? (themes.find((t) => t.id === themeId) ?? null) : null;
  const refusal = !whether.canUpload ? whether.message || copy.refused.closed : !parallel.allowed ? parallel.message || copy.refused.parallel : null;
  return {
    kind: 'journal' as const,
    // The notice is the backend's HTML (journal management): sanitised like every rich text.
    premise: { ...premise, notice: sanitizeRichText(premise.notice) },
    refusal,
    templates,
    maxSizeMb: premise.requirements?.maxSizeMb ?? 50,
    themes,
    theme,
    /** A `themeId` that is no open activity of the journal: said, and no upload offered under it. */
    themeMissing: themeId !== null && theme === null,
    drafts: draftList.filter((d) => d.gch === premise.gch),
  };
}

/**
 * Step 1 without JavaScript: the multipart body is streamed to authorManuscriptUpload as
 * it arrives (never buffered here); the backend checks type by content and size.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const url = new URL(request.url);
  const gch = url.searchParams.get('redirectGch')?.trim();
  const themeId = themeIdOf(url);
  if (!/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
    return data({ error: copy.file.notMultipart }, { status: 400 });
  }
  // A 征稿活动's submission goes to authorActivityUpload (channel activity); the backend checks the activity is open.
  const answer = themeId
    ? await backendFor(request, context).upload(ACTIVITY_UPLOAD_PATH, request, { gch, themeId })
    : await backendFor(request, context).upload(MANUSCRIPT_UPLOAD_PATH, request, { gch });
  if (!answer.ok) {
    return data({ error: answer.message || copy.file.notMultipart }, { status: answer.status === 413 || answer.code === 413 ? 413 : 400 });
  }
  const draft = uploadAnswerSchema.safeParse(answer.entity);
  if (!draft.success) throw data('上传结果无法识别', { status: 502 });
  throw redirect(`/upload/info?paperId=${draft.data.paperId}`);
}

export default function Upload({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <h1>{loaderData.kind === 'journal' ? `${copy.title}：${loaderData.premise.name}` : copy.pickJournal.title}</h1>
      <Steps current={0} />
      {loaderData.drafts.length > 0 && (
        <section className={classes.section} aria-labelledby="drafts-title">
          <h2 id="drafts-title">{copy.drafts.title}</h2>
          <p className={classes.hint}>{copy.drafts.intro}</p>
          <ul className={classes.list}>
            {loaderData.drafts.map((d) => (
              <li key={d.id}>
                <span>
                  {d.title || copy.drafts.untitled}（{d.journalName}，{d.updateTime}）
                </span>
                <Link to={`/upload/info?paperId=${d.id}`}>{copy.drafts.continue}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {loaderData.kind === 'picker' ? (
        <section className={classes.section}>
          <p>{copy.pickJournal.intro}</p>
          {loaderData.journals.length === 0 ? (
            <p>{copy.pickJournal.none}</p>
          ) : (
            <ul className={classes.list}>
              {loaderData.journals.map((j) => (
                <li key={j.id}>
                  <span>{j.name}</span>
                  <Link to={`/upload?redirectGch=${encodeURIComponent(j.gch)}`}>{copy.pickJournal.submitTo}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <>
          {loaderData.refusal && (
            <div className={classes.alert} role="alert">
              <strong>{copy.refused.title}</strong>：{loaderData.refusal}
              <div className={classes.actions}>
                <Link to="/upload">{copy.refused.otherJournal}</Link>
                <Link to="/">{copy.refused.backHome}</Link>
              </div>
            </div>
          )}
          {loaderData.theme ? (
            <p className={classes.activity} role="status" data-testid="activity-current">
              {manuscriptsCopy.activity.current(loaderData.theme.title)}{' '}
              <Link to={`/upload?redirectGch=${encodeURIComponent(loaderData.premise.gch)}`}>{manuscriptsCopy.activity.leave}</Link>
            </p>
          ) : null}
          {loaderData.themeMissing ? (
            <div className={classes.alert} role="alert">
              {manuscriptsCopy.activity.unknown}
              <div className={classes.actions}>
                <Link to={`/upload?redirectGch=${encodeURIComponent(loaderData.premise.gch)}`}>{manuscriptsCopy.activity.leave}</Link>
              </div>
            </div>
          ) : null}
          {loaderData.themes.length > 0 && !loaderData.theme ? (
            <section className={classes.section} aria-labelledby="activities-title">
              <h2 id="activities-title">{manuscriptsCopy.activity.title}</h2>
              <p className={classes.hint}>{manuscriptsCopy.activity.intro}</p>
              <ul className={classes.list}>
                {loaderData.themes.map((t) => (
                  <li key={t.id}>
                    <span>
                      <strong>{t.title}</strong>
                      {t.statusName ? `（${t.statusName}）` : ''}
                      <br />
                      <span className={classes.hint}>
                        {manuscriptsCopy.activity.period(t.startDate, t.endDate)}
                        {t.description ? ` · ${t.description}` : ''}
                      </span>
                    </span>
                    <Link
                      to={`/upload?redirectGch=${encodeURIComponent(loaderData.premise.gch)}&themeId=${t.id}`}
                      aria-label={`${manuscriptsCopy.activity.submit}：${t.title}`}
                    >
                      {manuscriptsCopy.activity.submit}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className={classes.section} aria-labelledby="notice-title">
            <h2 id="notice-title">{copy.premise.notice}</h2>
            {/* The notice is the backend's own HTML (journal management), sanitised by the loader. */}
            <div className={classes.notice} dangerouslySetInnerHTML={{ __html: loaderData.premise.notice }} />
            {loaderData.premise.agreements.map((a) => (
              <div key={a.type} className={classes.notice}>
                <h3>{a.title}</h3>
                <p>{a.content}</p>
              </div>
            ))}
          </section>
          <section className={classes.section} aria-labelledby="templates-title">
            <h2 id="templates-title">{copy.premise.templates}</h2>
            <ul className={classes.list}>
              {loaderData.templates.map((t) => (
                <li key={t.type}>
                  <span>{t.name}</span>
                  <a href={t.downloadUrl} download={t.fileName}>
                    {t.fileName}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          {!loaderData.refusal && !loaderData.themeMissing && (
            <section className={classes.section} aria-labelledby="file-title">
              <h2 id="file-title">{copy.steps[0]}</h2>
              <UploadForm gch={loaderData.premise.gch} maxSizeMb={loaderData.maxSizeMb} error={actionData?.error} themeId={loaderData.theme?.id} />
            </section>
          )}
        </>
      )}
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
