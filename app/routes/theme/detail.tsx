import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { formatNumber } from '~/components/charts/scale';
import { SharePopup } from '~/components/widgets/SharePopup';
import { copy } from '~/copy';
import { chineseDate } from '~/lib/format';
import type { Route } from './+types/detail';
import { loadHotspot } from './hotspot.server';
import { hotspotMeta } from './meta';
import { floatingShare } from './share';
import classes from './theme.module.css';
import { PUBLIC, reading } from '~/lib/route-policy';
import { HotspotPapers } from './HotspotPapers';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { hotspot, html, share, path, origin } = await loadHotspot(request, context, '/theme/detail');
  return { hotspot, html, share, path, origin };
}

export const handle = { ...reading(PUBLIC, 'id'), ...floatingShare<Route.ComponentProps['loaderData']>((data) => data.share) };

export const meta: Route.MetaFunction = ({ data }) => hotspotMeta(data);

/** An industry hotspot (行业热点): title, facts, share control and the sanitised content. */
export default function ThemeDetail({ loaderData }: Route.ComponentProps) {
  const { hotspot, html, share } = loaderData;
  const t = copy.hotspotPages;
  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <Breadcrumbs items={[{ label: t.title }, { label: hotspot.title }]} />
      <article className={`${page.panel} ${classes.article}`} aria-labelledby="hotspot-title">
        <header className={classes.header}>
          <h1 id="hotspot-title" className={classes.title}>
            {hotspot.tag ? <span className={classes.tag}>{hotspot.tag}</span> : null}
            {hotspot.title}
          </h1>
          <div className={classes.bar}>
            <dl className={classes.facts}>
              {hotspot.publishDate ? (
                <div>
                  <dt>{t.date}</dt>
                  <dd>{chineseDate(hotspot.publishDate)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t.views}</dt>
                <dd>{formatNumber(hotspot.views)}</dd>
              </div>
              <div>
                <dt>{t.heat}</dt>
                <dd>{formatNumber(hotspot.heat ?? 0)}</dd>
              </div>
            </dl>
            <SharePopup url={share.url} title={share.title} description={share.description} triggerClassName={classes.share} trigger={t.share} />
          </div>
        </header>
        <div className={page.richText} dangerouslySetInnerHTML={{ __html: html }} />
      </article>
      <HotspotPapers papers={hotspot.papers} recent={hotspot.papersAreRecent} />
    </main>
  );
}
