import { HydrationSlice } from '~/lib/hydration-slice';
import { Fragment, type ReactNode } from 'react';
import { Link } from '~/lib/link';
import { issueLabel } from '~/lib/format';
import classes from './ArticleItem.module.css';
import { Coins } from './Coins';
import { OnlineFirstMark } from './LabelBadges';
import type { ListedArticle } from './listed-article';

interface ArticleItemProps {
  article: ListedArticle;
  /** Renders a text with the search matches marked. */
  highlight?: (text: string) => ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** The portal's public origin: given, the item carries its metadata for reference managers (COinS). */
  origin?: string;
}

/** A search of the literature by author or institution (the search page's field targets). */
export function searchBy(field: 'author' | 'institution', name: string): string {
  return `/search?field=${field}&q=${encodeURIComponent(name)}`;
}

interface AuthorLinksProps {
  authors: { name: string; expertId?: number | null }[];
  /** Authors without an expert page link to a search by their name (the article page); elsewhere they are plain text. */
  searchOthers?: boolean;
  /** After each name, e.g. the superscript numbers of its institutions. */
  after?: (index: number) => ReactNode;
}

export function AuthorLinks({ authors, searchOthers = false, after }: AuthorLinksProps) {
  return (
    <span className={classes.authors}>
      {authors.map((author, index) => (
        <Fragment key={`${author.name}-${index}`}>
          {index > 0 ? '，' : ''}
          {author.expertId ? (
            <Link to={`/expertAuthor/${author.expertId}`}>{author.name}</Link>
          ) : searchOthers ? (
            <Link to={searchBy('author', author.name)}>{author.name}</Link>
          ) : (
            author.name
          )}
          {after?.(index)}
        </Fragment>
      ))}
    </span>
  );
}

export function ArticleItem({ article, highlight = (text) => text, headingLevel = 'h3', origin }: ArticleItemProps) {
  const Heading = headingLevel;
  return (
    <HydrationSlice>
      <article className={`${classes.item} laid-out-later`}>
        {origin ? <Coins article={article} origin={origin} /> : null}
        <Heading className={classes.title}>
          <Link to={`/journal/detail?id=${article.id}`}>{highlight(article.title)}</Link>
          {article.onlineFirst ? (
            <>
              {' '}
              <OnlineFirstMark date={article.onlineFirstDate} />
            </>
          ) : null}
        </Heading>
        <div className={classes.meta}>
          <AuthorLinks authors={article.authors} />
          <span>
            <Link to={`/journal/${article.journalId}`}>《{article.journalName}》</Link> {issueLabel(article.year, article.issueNo)}
          </span>
          {article.columnName ? <span>栏目：{article.columnName}</span> : null}
          <span className={classes.counts}>
            浏览 {article.views} · 下载 {article.downloads}
          </span>
        </div>
        {article.abstract ? <p className={classes.abstract}>{highlight(article.abstract)}</p> : null}
        {article.keywords.length ? (
          <div className={classes.keywords} role="group" aria-label="关键词">
            {article.keywords.map((keyword) => (
              <Link key={keyword} className={classes.keyword} to={`/search?field=keyword&q=${encodeURIComponent(keyword)}`}>
                {highlight(keyword)}
              </Link>
            ))}
          </div>
        ) : null}
      </article>
    </HydrationSlice>
  );
}
