import { HydrationSlice } from '~/lib/hydration-slice';
import { Form, useRouteLoaderData } from 'react-router';
import { Link } from '~/lib/link';
import { AuthorLinks, searchBy } from '~/components/journal/ArticleItem';
import { CitationBox } from '~/components/journal/CitationBox';
import { SharePopup } from '~/components/widgets/SharePopup';
import { copy } from '~/copy';
import { chineseDate, issueLabel } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { scholarlyFullText, scholarMetaTags, scholarlyJsonLd } from '~/lib/scholar';
import { JsonLd } from '~/lib/json-ld';
import { shareDescription } from '~/lib/share';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/article';
import classes from './article.module.css';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import { Fact } from '~/components/reading/Fact';
import { PUBLIC, reading } from '~/lib/route-policy';
import { ArticleOutline, type OutlineItem } from '~/components/article/ArticleOutline';
import { FullTextSections, ReferenceList } from '~/components/article/FullText';
import { CorrectionNotice, PublicationHistory } from '~/components/article/PublicationHistory';
import { ReaderNotes } from '~/components/article/ReaderNotes';
import { LineChart } from '~/components/charts/LineChart';
import { OnlineFirstMark } from '~/components/journal/LabelBadges';
import { article as t } from '~/copy/article';

export { action, loader } from './article.server';

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { article, scholar } = loaderData;
  return [
    ...pageMeta({
      title: article.title,
      description: shareDescription(article.abstract),
      origin: loaderData.origin,
      path: `/journal/detail?id=${article.id}`,
      type: 'article',
      // The journal's cover is the article's picture, when the journal has one.
      image: loaderData.cover,
      imageAlt: t.coverAlt(scholar.journal),
      article: {
        publishedTime: scholar.onlineDate ?? scholar.publishDate,
        authors: scholar.authors,
        section: article.column?.name,
        tags: scholar.keywords ?? [],
      },
    }),
    ...scholarMetaTags(scholar, scholarlyFullText(loaderData)),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, recommended, pageUrl, pdf, citation, scholar, reactions, reading } = loaderData;
  const { fullText, history, correction, usage, notes } = reading;
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const loginHref = `/journal/detail?id=${article.id}&login=userLogin&redirect=${encodeURIComponent(`/journal/detail?id=${article.id}`)}`;
  const institutions = [...new Set(article.authors.map((a) => a.institution).filter(Boolean))];
  // Authors carry the numbers of their institutions when there are several, as printed.
  const institutionMark = (index: number) => {
    const institution = article.authors[index]?.institution;
    return institutions.length > 1 && institution ? <sup className={classes.affiliationMark}>{institutions.indexOf(institution) + 1}</sup> : null;
  };
  const dates = [
    [t.facts.received, article.receivedDate],
    [t.facts.revised, article.revisedDate],
    [t.facts.accepted, article.acceptedDate],
    [t.facts.onlineFirst, article.onlineFirst ? article.onlineFirstDate : null],
    [t.facts.published, article.issue.publishDate ?? article.publishDate],
  ] as const;
  const outline: OutlineItem[] = [
    { id: 'abstract', label: t.abstract },
    { id: 'info', label: t.info },
    { id: 'fulltext', label: t.fullText, children: fullText?.sections.map((s) => ({ id: s.id, label: s.heading })) ?? [] },
    ...(fullText ? [{ id: 'references', label: t.references }] : []),
    ...(history.length ? [{ id: 'history', label: t.history }] : []),
    ...(usage ? [{ id: 'usage', label: t.usage }] : []),
    ...(notes ? [{ id: 'notes', label: t.notes }] : []),
    { id: 'cite', label: t.cite },
    { id: 'recommended', label: t.recommended },
  ];

  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <JsonLd data={scholarlyJsonLd(scholar, scholarlyFullText(loaderData))} />
      <Breadcrumbs
        items={[
          { label: article.journal.name, to: `/journal/${article.journal.id}` },
          { label: issueLabel(article.issue.year, article.issue.issueNo), to: `/journal/${article.journal.id}?issueId=${article.issue.id}` },
        ]}
      />
      <div className={classes.layout}>
        <HydrationSlice>
          <div className={classes.outlineColumn}>
            <ArticleOutline items={outline} />
          </div>
        </HydrationSlice>
        <div className={classes.main}>
          <HydrationSlice>
            <article className={classes.panel}>
              {correction ? <CorrectionNotice entry={correction} /> : null}
              <header className={classes.header}>
                <p className={classes.kicker}>
                  {article.column ? <span className={classes.column}>{article.column.name}</span> : null}
                  {article.onlineFirst ? <OnlineFirstMark date={article.onlineFirstDate} /> : null}
                </p>
                <h1 className={classes.title}>{article.title}</h1>
                {article.titleEn ? (
                  <p className={classes.titleEn} lang="en">
                    {article.titleEn}
                  </p>
                ) : null}
                <p className={classes.authors}>
                  <AuthorLinks authors={article.authors} searchOthers after={institutionMark} />
                </p>
                {institutions.length ? (
                  <ol className={classes.institutions} aria-label={t.institutions}>
                    {institutions.map((inst, index) => (
                      <li key={inst}>
                        {institutions.length > 1 ? <sup className={classes.affiliationMark}>{index + 1}</sup> : null}
                        <Link to={searchBy('institution', inst)}>{inst}</Link>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </header>

              <div className={classes.actions}>
                {pdf.preview ? (
                  <a className={classes.primary} href={pdf.preview} target="_blank" rel="noopener">
                    {t.read}
                  </a>
                ) : null}
                {pdf.download ? (
                  <a className={classes.secondary} href={pdf.download} download>
                    {t.downloadPdf}
                  </a>
                ) : null}
                {root?.currentUser && reactions ? (
                  <Form method="post" action={`/journal/detail?id=${article.id}`} className={classes.toggles} preventScrollReset>
                    <button
                      type="submit"
                      name="intent"
                      value={reactions.favourite ? 'unfavourite' : 'favourite'}
                      className={classes.secondary}
                      aria-pressed={reactions.favourite}
                    >
                      {reactions.favourite ? t.reactions.favourited : t.reactions.favourite}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={reactions.liked ? 'unlike' : 'like'}
                      className={classes.secondary}
                      aria-pressed={reactions.liked}
                    >
                      {reactions.liked ? t.reactions.liked : t.reactions.like} {reactions.likeCount}
                    </button>
                  </Form>
                ) : null}
                {root?.currentUser ? null : (
                  <>
                    <Link className={classes.secondary} to={loginHref} preventScrollReset>
                      {t.favourite}
                    </Link>
                    <Link className={classes.secondary} to={loginHref} preventScrollReset>
                      {t.like}
                    </Link>
                  </>
                )}
                <SharePopup url={pageUrl} title={article.title} description={article.abstract} triggerClassName={classes.secondary} />
                <span className={classes.counts}>{t.counts(article.views, article.downloads)}</span>
              </div>

              <HydrationSlice>
                <ArticleSection id="abstract" title={t.abstract}>
                  <p className={classes.abstract}>{article.abstract}</p>
                  <p className={classes.keywords}>
                    <strong>{t.keywords}</strong>
                    {article.keywords.map((keyword, index) => (
                      <span key={keyword}>
                        {index > 0 ? '；' : ''}
                        <Link to={`/search?field=keyword&q=${encodeURIComponent(keyword)}`}>{keyword}</Link>
                      </span>
                    ))}
                  </p>
                  {article.abstractEn ? (
                    <div lang="en" className={classes.english}>
                      <h3 className={classes.subTitle}>{t.abstractEn}</h3>
                      <p className={classes.abstract}>{article.abstractEn}</p>
                      {article.keywordsEn.length ? (
                        <p className={classes.keywords}>
                          <strong>Keywords: </strong>
                          {article.keywordsEn.join('; ')}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </ArticleSection>
              </HydrationSlice>

              <HydrationSlice>
                <ArticleSection id="info" title={t.info}>
                  <dl className={classes.facts}>
                    <Fact label={t.facts.journal}>
                      <Link to={`/journal/${article.journal.id}`}>《{article.journal.name}》</Link>
                    </Fact>
                    <Fact label={t.facts.issue}>{t.issueOf(article.issue.year, article.issue.volume, article.issue.issueNo)}</Fact>
                    {article.firstPage ? <Fact label={t.facts.pages}>{`${article.firstPage}-${article.lastPage}`}</Fact> : null}
                    {article.doi ? (
                      <Fact label="DOI">
                        <a className={classes.doi} href={`https://doi.org/${article.doi}`} target="_blank" rel="noopener noreferrer">
                          {article.doi}
                        </a>
                      </Fact>
                    ) : null}
                    <Fact label={t.facts.clc}>{article.clc}</Fact>
                    <Fact label={t.facts.fund}>{article.fund}</Fact>
                    <Fact label="ISSN">{article.journal.issn}</Fact>
                    <Fact label="CN">{article.journal.cn}</Fact>
                    {dates.map(([label, value]) =>
                      value ? (
                        <Fact key={label} label={label}>
                          {chineseDate(value)}
                        </Fact>
                      ) : null,
                    )}
                  </dl>
                </ArticleSection>
              </HydrationSlice>

              <HydrationSlice>
                <ArticleSection id="fulltext" title={t.fullText}>
                  {fullText ? (
                    <FullTextSections text={fullText} />
                  ) : (
                    <div className={classes.noFullText} data-testid="no-full-text">
                      <p>{pdf.preview ? t.noFullText : t.noFullTextNoPdf}</p>
                      {pdf.preview ? (
                        <p className={classes.actionsInline}>
                          <a className={classes.primary} href={pdf.preview} target="_blank" rel="noopener">
                            {t.readPdf}
                          </a>
                          {pdf.download ? (
                            <a className={classes.secondary} href={pdf.download} download>
                              {t.downloadPdf}
                            </a>
                          ) : null}
                        </p>
                      ) : null}
                    </div>
                  )}
                </ArticleSection>
              </HydrationSlice>

              {fullText ? (
                <HydrationSlice>
                  <ArticleSection id="references" title={t.references}>
                    <ReferenceList references={fullText.references} citedFrom={fullText.citedFrom} />
                  </ArticleSection>
                </HydrationSlice>
              ) : null}

              {history.length ? (
                <HydrationSlice>
                  <ArticleSection id="history" title={t.history}>
                    <PublicationHistory entries={history} />
                  </ArticleSection>
                </HydrationSlice>
              ) : null}

              {usage ? (
                <HydrationSlice>
                  <ArticleSection id="usage" title={t.usage}>
                    <LineChart
                      title={t.usageTitle}
                      categoryHeading={t.usageMonth}
                      unit={t.usageUnit}
                      categories={usage.months}
                      series={[
                        { name: t.usageViews, values: usage.views },
                        { name: t.usageDownloads, values: usage.downloads },
                      ]}
                    />
                  </ArticleSection>
                </HydrationSlice>
              ) : null}

              {notes ? (
                <HydrationSlice>
                  <ArticleSection id="notes" title={t.notes}>
                    <ReaderNotes notes={notes.records} total={notes.total} current={notes.current} size={notes.size} />
                  </ArticleSection>
                </HydrationSlice>
              ) : null}

              <HydrationSlice>
                <div id="cite" className={`${classes.section} laid-out-later`}>
                  <CitationBox articleId={article.id} zh={citation.zh} en={citation.en} />
                </div>
              </HydrationSlice>
            </article>
          </HydrationSlice>

          <HydrationSlice>
            <aside id="recommended" className={`${classes.panel} ${classes.recommendedPanel} laid-out-later`} aria-labelledby="recommended-heading">
              <h2 id="recommended-heading" className={classes.sectionTitle}>
                {t.recommended}
              </h2>
              {recommended.length === 0 ? <p className={classes.muted}>{copy.list.empty}</p> : null}
              <ol className={classes.recommended}>
                {recommended.map((item) => (
                  <li key={item.id}>
                    <Link to={`/journal/detail?id=${item.id}`}>{item.title}</Link>
                    {item.onlineFirst ? <OnlineFirstMark date={item.onlineFirstDate} /> : null}
                    <span className={classes.muted}>
                      {item.authors.map((a) => a.name).join('，')} · 《{item.journalName}》{issueLabel(item.year, item.issueNo)}
                    </span>
                  </li>
                ))}
              </ol>
            </aside>
          </HydrationSlice>
        </div>
      </div>
    </main>
  );
}

/** A section of the article with its heading, which names it for assistive technology and the outline's links. */
function ArticleSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className={`${classes.section} laid-out-later`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'id', 'notesPage');
