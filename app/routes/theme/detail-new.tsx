import { Link } from '~/lib/link';
import { getTradeHotspot } from '~/backend/endpoints/home.server';
import { formatNumber } from '~/components/charts/scale';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { SharePopup } from '~/components/widgets/SharePopup';
import { copy } from '~/copy';
import { chineseDate } from '~/lib/format';
import type { Route } from './+types/detail-new';
import { loadHotspot } from './hotspot.server';
import { hotspotMeta } from './meta';
import { floatingShare } from './share';
import classes from './theme.module.css';
import { PUBLIC, reading } from '~/lib/route-policy';
import { optional } from '~/backend/optional.server';
import { HotspotPapers } from './HotspotPapers';

const RELATED = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { backend, hotspot, html, share, path, origin } = await loadHotspot(request, context, '/theme/detail-new');
  // The related list is a nicety: the page stands without it.
  const ranked = await optional(backend.call(getTradeHotspot, { size: RELATED + 1 }), []);
  const related = ranked
    .map(({ id, title, heat }, index) => ({ id, title, heat, rank: index + 1 }))
    .filter((other) => other.id !== hotspot.id)
    .slice(0, RELATED);
  return { hotspot, html, share, path, origin, related };
}

export const handle = { ...reading(PUBLIC, 'id'), ...floatingShare<Route.ComponentProps['loaderData']>((data) => data.share) };

export const meta: Route.MetaFunction = ({ data }) => hotspotMeta(data);

/** The newer layout of a hotspot: a summary header, the content, and the related hotspots. */
export default function ThemeDetailNew({ loaderData }: Route.ComponentProps) {
  const { hotspot, html, share, related } = loaderData;
  const t = copy.hotspotPages;
  return (
    <main id="main" tabIndex={-1}>
      <header className={classes.hero}>
        <div className="page-container">
          <Breadcrumbs items={[{ label: t.title }, { label: hotspot.title }]} />
          <p className={classes.kicker}>
            {t.title}
            {hotspot.rank ? ` · ${t.rank(hotspot.rank)}` : ''}
            {hotspot.tag ? <span className={classes.tag}>{hotspot.tag}</span> : null}
          </p>
          <h1 className={classes.heroTitle}>{hotspot.title}</h1>
          {hotspot.summary ? (
            <p className={classes.heroSummary}>
              <span className={classes.summaryLabel}>{t.summary}</span>
              {hotspot.summary}
            </p>
          ) : null}
          <div className={classes.heroBar}>
            <dl className={classes.heroFacts}>
              <div>
                <dt>{t.heat}</dt>
                <dd>{formatNumber(hotspot.heat ?? 0)}</dd>
              </div>
              <div>
                <dt>{t.views}</dt>
                <dd>{formatNumber(hotspot.views)}</dd>
              </div>
              {hotspot.publishDate ? (
                <div>
                  <dt>{t.date}</dt>
                  <dd>{chineseDate(hotspot.publishDate)}</dd>
                </div>
              ) : null}
            </dl>
            <SharePopup url={share.url} title={share.title} description={share.description} triggerClassName={classes.heroShare} trigger={t.share} />
          </div>
        </div>
      </header>
      <div className={`page-container ${classes.layout}`}>
        <article className={page.panel} aria-label={t.detail}>
          <div className={page.richText} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
        <aside className={page.panel} aria-labelledby="related-heading">
          <h2 id="related-heading" className={page.sectionTitle}>
            {t.related}
          </h2>
          {related.length === 0 ? (
            <p className={page.lead}>{t.noRelated}</p>
          ) : (
            <ol className={classes.related}>
              {related.map((other) => (
                <li key={other.id}>
                  <span className={`${classes.rank} ${other.rank <= 3 ? classes.top : ''}`} aria-hidden="true">
                    {other.rank}
                  </span>
                  <div>
                    <Link to={`/theme/detail-new?id=${other.id}`}>{other.title}</Link>
                    <span className={classes.relatedHeat}>
                      {t.heat} {formatNumber(other.heat ?? 0)}
                    </span>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </aside>
      </div>
      <div className="page-container">
        <HotspotPapers papers={hotspot.papers} recent={hotspot.papersAreRecent} />
      </div>
    </main>
  );
}
