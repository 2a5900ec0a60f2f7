// The full text of an article (paperSearchApi/getPaperContent), generated from the phrase
// banks and stable per article: sections of paragraphs with in-text reference marks ([1],
// numbered in order of first citation, some cited again), and references in GB/T 7714-2015
// form, some of them other sandbox articles with their DOIs.
import type { ArticleRow } from './articles.js';
import type { DB } from './db.js';
import { ASPECTS, LAWS } from './seed/banks.js';
import { BODY, SECTION_PLANS } from './seed/prose.js';
import { Rng, hash32 } from './seed/prng.js';
import { fill } from './text.js';

/** Articles the sandbox has no full text for (PDF only): a fixed, deterministic share. */
export function hasFullText(id: number): boolean {
  return id % 9 !== 4;
}

const BOOKS = [
  '张新宝. 个人信息保护法理解与适用[M]. 北京: 中国法制出版社, 2021: 88-96.',
  '程啸. 个人信息保护法理解与适用[M]. 北京: 中国法制出版社, 2021: 45.',
  '王利明. 人格权法研究[M]. 3版. 北京: 中国人民大学出版社, 2018: 612-615.',
  '周汉华. 个人信息保护法(专家建议稿)及立法研究报告[M]. 北京: 法律出版社, 2006.',
  '龙卫球. 数据新型财产权构建及其体系研究[M]. 北京: 法律出版社, 2019: 33-41.',
];
const FOREIGN = [
  'SOLOVE D J. Understanding privacy[M]. Cambridge, MA: Harvard University Press, 2008.',
  'NISSENBAUM H. Privacy in context: technology, policy, and the integrity of social life[M]. Stanford: Stanford University Press, 2010.',
  'WARREN S D, BRANDEIS L D. The right to privacy[J]. Harvard Law Review, 1890, 4(5): 193-220.',
  'ZUBOFF S. The age of surveillance capitalism: the fight for a human future at the new frontier of power[M]. New York: PublicAffairs, 2019.',
  'European Parliament, Council of the European Union. Regulation (EU) 2016/679 on the protection of natural persons with regard to the processing of personal data and on the free movement of such data (General Data Protection Regulation)[EB/OL]. (2016-04-27)[2025-03-01]. https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX%3A32016R0679.',
];
const WEB = [
  '国家互联网信息办公室. 数据出境安全评估办法[EB/OL]. (2022-07-07)[2025-03-01]. https://www.cac.gov.cn/2022-07/07/c_1658811536396503.htm.',
  '最高人民法院. 最高人民法院关于审理使用人脸识别技术处理个人信息相关民事案件适用法律若干问题的规定[EB/OL]. (2021-07-28)[2025-03-01]. https://www.court.gov.cn/fabu/xiangqing/315851.html.',
];

interface CitedArticle {
  id: number;
  title: string;
  journal_name: string;
  year: number;
  volume: number;
  issue_no: number;
  first_page: number;
  last_page: number;
  doi: string;
  authors: string;
}

/** GB/T 7714-2015 entry of a journal article: at most three authors, then 等. */
function journalEntry(a: CitedArticle): string {
  const names = a.authors.split('；');
  const authors = names.length > 3 ? `${names.slice(0, 3).join(', ')}, 等` : names.join(', ');
  return `${authors}. ${a.title}[J]. ${a.journal_name}, ${a.year}, ${a.volume}(${a.issue_no}): ${a.first_page}-${a.last_page}. DOI:${a.doi}.`;
}

export function paperContent(db: DB, row: ArticleRow) {
  if (!hasFullText(row.id)) return { id: row.id, title: row.title, abstract: row.abstract, sections: [], references: [] };
  const rng = new Rng(hash32(`content-${row.id}`));
  const kw = JSON.parse(row.keywords) as string[];
  const vars = { t: kw[0] ?? '数据', k: kw[1] ?? kw[0] ?? '数据', l: rng.pick(LAWS).zh, a: rng.pick(ASPECTS).zh };

  // References: earlier sandbox articles (with DOIs), books, foreign and online sources.
  const earlier = db
    .prepare(
      `SELECT a.id, a.title, j.name AS journal_name, a.year, i.volume, i.issue_no, a.first_page, a.last_page, a.doi,
        a.authors_text AS authors
      FROM articles a JOIN journals j ON j.id = a.journal_id JOIN issues i ON i.id = a.issue_id
      WHERE a.id < ? ORDER BY a.id DESC LIMIT 40`,
    )
    .all(row.id) as CitedArticle[];
  const references = [
    ...rng.sample(earlier, rng.int(3, 6)).map(journalEntry),
    ...rng.sample(BOOKS, rng.int(1, 2)),
    ...rng.sample(FOREIGN, rng.int(1, 2)),
    ...rng.sample(WEB, rng.int(0, 1)),
  ];
  const order = rng.sample(references, references.length);

  // Each section reads the sentences of its part of a paper, none twice, in two or three paragraphs.
  const sections = rng.pick(SECTION_PLANS).map(({ heading, part }) => {
    const pool = rng.sample(BODY[part], BODY[part].length).map((sentence) => fill(sentence, vars));
    const count = Math.min(pool.length, rng.int(4, 7));
    const paragraphs = (count >= 6 ? [count - 3, 3] : count >= 4 ? [2, count - 2] : [count]).map((size, index, sizes) =>
      pool.slice(
        sizes.slice(0, index).reduce((a, b) => a + b, 0),
        sizes.slice(0, index + 1).reduce((a, b) => a + b, 0),
      ),
    );
    return { heading: fill(heading, vars), paragraphs };
  });

  // Marks go before a sentence's closing 。: each reference first cited in list order, spread
  // over the text, and a few cited again later.
  const sentences = sections.flatMap((s) => s.paragraphs.flatMap((p, pi) => p.map((_, si) => ({ p, pi, si }))));
  const marks = new Map<(typeof sentences)[number], number[]>();
  order.forEach((_, i) => {
    const at = sentences[Math.floor((i * sentences.length) / order.length)];
    if (at) marks.set(at, [...(marks.get(at) ?? []), i + 1]);
  });
  for (let n = 0; n < 3; n++) {
    const at = sentences[rng.int(Math.floor(sentences.length / 2), sentences.length - 1)];
    const again = rng.int(1, Math.max(1, Math.floor(order.length / 2)));
    if (at && !(marks.get(at) ?? []).includes(again)) marks.set(at, [...(marks.get(at) ?? []), again]);
  }
  for (const [at, numbers] of marks) {
    const sentence = at.p[at.si] as string;
    const mark = `[${numbers.sort((a, b) => a - b).join(',')}]`;
    at.p[at.si] = sentence.endsWith('。') ? `${sentence.slice(0, -1)}${mark}。` : `${sentence}${mark}`;
  }

  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs.map((p) => p.join('')) })),
    references: order,
  };
}
