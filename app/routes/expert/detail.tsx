import { Link } from '~/lib/link';
import { BackendEnvelopeError } from '~/backend/errors';
import { eduClassTrend, expertProfile, fundTrend, paperTrend, researchField } from '~/backend/endpoints/experts.server';
import { BarChart } from '~/components/charts/BarChart';
import { listedArticle } from '~/components/journal/listed-article';
import { ColumnChart } from '~/components/charts/ColumnChart';
import { LineChart } from '~/components/charts/LineChart';
import { formatNumber } from '~/components/charts/scale';
import { ArticleItem } from '~/components/journal/ArticleItem';
import { Avatar } from '~/components/people/Avatar';
import { FieldTags } from '~/components/people/FieldTags';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { notFound, notFoundMeta, notFoundOnRefusal } from '~/components/reading/route';
import { copy } from '~/copy';
import { intParam } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { shareDescription } from '~/lib/share';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/detail';
import { expertCharts } from './charts';
import classes from './expert.module.css';
import { PUBLIC } from '~/lib/route-policy';
import { JsonLd } from '~/lib/json-ld';
import { personJsonLd } from '~/lib/structured-data/person';

/** A statistic the backend refuses is drawn as "暂无数据"; infrastructure failures still fail the page. */
function optional<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    if (error instanceof BackendEnvelopeError) return null;
    throw error;
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = intParam(params.id ?? null);
  if (!id) notFound();
  const backend = backendFor(request, context);
  const [expert, trend, fields, subjects, funds] = await Promise.all([
    backend.call(expertProfile, { id }).catch(notFoundOnRefusal),
    optional(backend.call(paperTrend, { id })),
    optional(backend.call(researchField, { id })),
    optional(backend.call(eduClassTrend, { id })),
    optional(backend.call(fundTrend, { id })),
  ]);
  const charts = expertCharts({ paperTrend: trend, researchField: fields, eduClassTrend: subjects, fundTrend: funds });
  return { expert: { ...expert, papers: expert.papers.map(listedArticle) }, charts, origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return notFoundMeta();
  const { expert } = data;
  return pageMeta({
    title: `${expert.name} · ${copy.expertPages.title}`,
    description: shareDescription(copy.expertPages.detailDescription(expert.name, expert.institution, expert.researchFields)),
    origin: data.origin,
    path: `/expertAuthor/${expert.id}`,
  });
};

export default function ExpertDetail({ loaderData }: Route.ComponentProps) {
  const { expert, charts } = loaderData;
  const t = copy.expertPages;
  const c = copy.charts;
  const stats = [
    [t.stats.papers, expert.paperCount],
    [t.stats.citations, expert.citationCount],
    [t.stats.downloads, expert.downloadCount],
    [t.stats.hIndex, expert.hIndex],
  ] as const;

  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <JsonLd data={personJsonLd(expert, `${loaderData.origin}/expertAuthor/${expert.id}`)} />
      <Breadcrumbs items={[{ label: t.title, to: '/expertAuthor' }, { label: expert.name }]} />

      <section className={page.panel} aria-labelledby="expert-name">
        <div className={classes.profile}>
          <Avatar name={expert.name} src={expert.avatar} size="lg" />
          <div>
            <h1 id="expert-name" className={classes.name}>
              {expert.name}
              {expert.title ? <span className={classes.title}>{expert.title}</span> : null}
            </h1>
            <dl className={classes.facts}>
              <dt>{copy.reading.institution}</dt>
              <dd>{expert.institution}</dd>
              {expert.education ? (
                <>
                  <dt>{t.education}</dt>
                  <dd>{expert.education}</dd>
                </>
              ) : null}
              {expert.researchFields.length ? (
                <>
                  <dt>{t.fields}</dt>
                  <dd>
                    <FieldTags fields={expert.researchFields} />
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          <dl className={classes.stats}>
            {stats.map(([label, value]) =>
              value === null || value === undefined ? null : (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatNumber(value)}</dd>
                </div>
              ),
            )}
          </dl>
        </div>
        {expert.biography ? (
          <section className={classes.bio} aria-labelledby="expert-bio">
            <h2 id="expert-bio">{t.biography}</h2>
            <p>{expert.biography}</p>
          </section>
        ) : null}
      </section>

      <section className={page.panel} aria-labelledby="expert-charts">
        <h2 id="expert-charts" className={page.sectionTitle}>
          {t.charts}
        </h2>
        <div className={classes.charts}>
          <ColumnChart title={c.paperTrend.title} categoryHeading={c.year} unit={c.paperTrend.unit} {...charts.paperTrend} />
          <BarChart
            title={c.researchField.title}
            labelHeading={c.researchField.label}
            valueHeading={c.researchField.value}
            unit={c.researchField.unit}
            items={charts.researchField}
          />
          <ColumnChart title={c.eduClassTrend.title} categoryHeading={c.year} unit={c.eduClassTrend.unit} stacked {...charts.eduClassTrend} />
          <LineChart title={c.fundTrend.title} categoryHeading={c.year} unit={c.fundTrend.unit} {...charts.fundTrend} />
        </div>
      </section>

      <section className={page.panel} aria-labelledby="expert-papers">
        <h2 id="expert-papers" className={page.sectionTitle}>
          {t.papers}
          <span className={page.count}>{t.papersTotal(expert.paperTotal)}</span>
        </h2>
        {expert.papers.length === 0 ? (
          <p className={page.empty}>{t.noPapers}</p>
        ) : (
          expert.papers.map((paper) => <ArticleItem key={paper.id} article={paper} headingLevel="h3" />)
        )}
        {expert.paperTotal > expert.papers.length ? (
          <p className={classes.more}>
            <Link to={`/search?field=author&q=${encodeURIComponent(expert.name)}`}>{t.allPapers(expert.paperTotal)}</Link>
          </p>
        ) : null}
      </section>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
