import { Link } from 'react-router';

// A page of the portal's home page's shape, without its styling or logic: a 40-link
// navigation, six journals, six articles with their abstracts, twelve headlines, eight
// hotspots and a 24-link footer (about 380 elements, 108 links, 5 KB of loader data:
// less than the home page itself).
const phrase = '数据法学研究的理论与实践问题探讨';
const text = (length: number, index: number) => `${phrase.repeat(Math.ceil(length / phrase.length)).slice(0, length)}${index}`;

export function loader() {
  return {
    journals: Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      name: text(8, i),
      nameEn: `Data Law Review ${i}`,
      issn: `1234-567${i}`,
      cn: `11-123${i}/D`,
      sponsor: text(8, i),
      labels: ['CSSCI', '北大核心'],
      latestIssue: { id: i + 1, year: 2026, issueNo: 3 },
    })),
    articles: Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      title: text(24, i),
      authors: [
        { name: '张明', expertId: i + 1 },
        { name: '李华', expertId: null },
      ],
      abstract: text(96, i),
      columnName: '专题研究',
      journalName: text(8, i),
      year: 2026,
      issueNo: 2,
      downloads: 120 + i,
    })),
    headlines: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: text(24, i), publishDate: '2026-11-01' })),
    hotspots: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, title: text(16, i), tag: '热点' })),
  };
}

type Data = ReturnType<typeof loader>;

/** A list of `count` numbered links, as a site's navigation or footer has. */
function LinkList({ count, path, label }: { count: number; path: string; label: string }) {
  return (
    <ul>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Link to={`${path}/${i}`}>
            {label}
            {i}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function HomeShaped({ loaderData }: { loaderData: Data }) {
  const { journals, articles, headlines, hotspots } = loaderData;
  return (
    <>
      <header>
        <nav aria-label="栏目">
          <LinkList count={40} path="/section" label="栏目" />
        </nav>
      </header>
      <main>
        <section>
          <h2>期刊</h2>
          <ul>
            {journals.map((journal) => (
              <li key={journal.id}>
                <h3>
                  <Link to={`/journal/${journal.id}`}>{journal.name}</Link>
                </h3>
                <p lang="en">{journal.nameEn}</p>
                <dl>
                  <dt>ISSN</dt>
                  <dd>{journal.issn}</dd>
                  <dt>CN</dt>
                  <dd>{journal.cn}</dd>
                  <dt>主办</dt>
                  <dd>{journal.sponsor}</dd>
                </dl>
                <ul>
                  {journal.labels.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
                <Link to={`/issue/${journal.latestIssue.id}`}>
                  {journal.latestIssue.year}年第{journal.latestIssue.issueNo}期
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>精选文献</h2>
          <ol>
            {articles.map((article) => (
              <li key={article.id}>
                <h3>
                  <Link to={`/article/${article.id}`}>{article.title}</Link>
                </h3>
                <p>
                  {article.authors.map((author) =>
                    author.expertId ? (
                      <Link key={author.name} to={`/expert/${author.expertId}`}>
                        {author.name}
                      </Link>
                    ) : (
                      <span key={author.name}>{author.name}</span>
                    ),
                  )}
                </p>
                <p>{article.abstract}</p>
                <p>
                  <span>{article.columnName}</span> · <span>{article.journalName}</span> ·{' '}
                  <span>
                    {article.year}年第{article.issueNo}期
                  </span>{' '}
                  · <span>下载 {article.downloads}</span>
                </p>
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h2>新闻</h2>
          <ul>
            {headlines.map((headline) => (
              <li key={headline.id}>
                <Link to={`/news/${headline.id}`}>{headline.title}</Link>
                <time dateTime={headline.publishDate}>{headline.publishDate}</time>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>热点</h2>
          <ul>
            {hotspots.map((hotspot) => (
              <li key={hotspot.id}>
                <Link to={`/hotspot/${hotspot.id}`}>
                  <span>{hotspot.tag}</span>
                  {hotspot.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer>
        <LinkList count={24} path="/about" label="关于" />
      </footer>
    </>
  );
}
