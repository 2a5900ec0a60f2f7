import { ArticleItem } from '~/components/journal/ArticleItem';
import page from '~/components/reading/page.module.css';
import type { ListedArticle } from '~/components/journal/listed-article';
import { copy } from '~/copy';

/** The papers of the platform on a hotspot, as its content promises; or, when there are none yet, the newest papers, said as such. */
export function HotspotPapers({ papers, recent }: { papers: ListedArticle[]; recent: boolean }) {
  if (papers.length === 0) return null;
  const t = copy.hotspotPages;
  return (
    <section className={page.panel} aria-labelledby="hotspot-papers">
      <h2 id="hotspot-papers" className={page.sectionTitle}>
        {recent ? t.recentPapers : t.papers}
      </h2>
      {recent ? <p className={page.lead}>{t.recentPapersNote}</p> : null}
      {papers.map((paper) => (
        <ArticleItem key={paper.id} article={paper} />
      ))}
    </section>
  );
}
