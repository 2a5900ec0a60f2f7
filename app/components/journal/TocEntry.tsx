import { Link } from '~/lib/link';
import { AuthorLinks } from './ArticleItem';
import { Coins } from './Coins';
import { OnlineFirstMark } from './LabelBadges';
import type { TocArticle } from './listed-article';
import classes from './TocEntry.module.css';

/**
 * One article of a table of contents: title (with 网络首发 when it went online first),
 * authors and pages, then its abstract (unfolded in place, no JavaScript needed), its full
 * text on the article page and its PDF.
 */
export function TocEntry({ article, where, origin, issn }: { article: TocArticle; where?: string; origin: string; issn?: string | null }) {
  return (
    <li className={classes.entry}>
      <Coins article={article} origin={origin} issn={issn} />
      <span className={classes.title}>
        <Link to={`/journal/detail?id=${article.id}`}>{article.title}</Link>
        {article.onlineFirst ? (
          <>
            {' '}
            <OnlineFirstMark date={article.onlineFirstDate} />
          </>
        ) : null}
      </span>
      <span className={classes.authors}>
        <AuthorLinks authors={article.authors} />
      </span>
      <span className={classes.pages}>{where ?? (article.firstPage ? `第 ${article.firstPage}-${article.lastPage} 页` : '')}</span>
      <div className={classes.links}>
        <Link to={`/journal/detail?id=${article.id}#fulltext`} aria-label={`全文：${article.title}`}>
          全文
        </Link>
        {article.pdf ? (
          <a href={article.pdf} target="_blank" rel="noopener" aria-label={`PDF：${article.title}`}>
            PDF
          </a>
        ) : null}
        {article.abstract ? (
          <details className={classes.abstract}>
            <summary aria-label={`摘要：${article.title}`}>摘要</summary>
            <p>{article.abstract}</p>
          </details>
        ) : null}
      </div>
    </li>
  );
}
