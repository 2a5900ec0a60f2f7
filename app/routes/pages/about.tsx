import { Link } from '~/lib/link';
import { BackendEnvelopeError } from '~/backend/errors';
import { journalList } from '~/backend/endpoints/journals.server';
import { literatureBase } from '~/backend/endpoints/papers.server';
import { expertList } from '~/backend/endpoints/experts.server';
import { journalDisposition } from '~/backend/endpoints/site.server';
import { Fact } from '~/components/reading/Fact';
import { copy } from '~/copy';
import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import { sanitizeRichText } from '~/lib/sanitize.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/about';
import { PageFrame, PageTitle } from './PageFrame';
import classes from './pages.module.css';
import { PUBLIC } from '~/lib/route-policy';

const text = pages.about;

/** The anchors of /aboutUs (docs/product.md#screens), in page order (the header's 关于我们 menu links to them). */
const SECTIONS = [
  { id: 'intro', label: text.sections.intro },
  { id: 'cooperation', label: text.sections.cooperation },
  { id: 'open', label: text.sections.open },
  { id: 'contribute', label: text.sections.contribute },
] as const;

const DEFAULT_REVIEW_DAYS = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const backend = backendFor(request, context);
  const [journals, articles, experts] = await Promise.all([
    backend.call(journalList),
    backend.call(literatureBase, { current: 1, size: 1 }),
    backend.call(expertList, { current: 1, size: 1 }),
  ]);
  const dispositions = await Promise.all(
    journals.map((journal) =>
      backend.call(journalDisposition, { journalId: journal.id }).catch((error: unknown) => {
        // A journal without a portal configuration still shows, with what its summary says.
        if (error instanceof BackendEnvelopeError) return null;
        throw error;
      }),
    ),
  );
  return {
    origin: context.runtime.publicOrigin,
    stats: { journals: journals.length, articles: articles.total, experts: experts.total },
    journals: journals.map((journal, index) => {
      const disposition = dispositions[index];
      return {
        id: journal.id,
        gch: journal.gch,
        name: journal.name,
        sponsor: journal.sponsor,
        publisher: journal.publisher,
        frequency: journal.frequency,
        issn: journal.issn,
        cn: journal.cn,
        acceptsContribution: disposition?.acceptsContribution ?? journal.acceptsContribution,
        reviewCycleDays: disposition?.reviewCycleDays ?? null,
        contact: disposition?.contact ?? null,
        noticeHtml: sanitizeRichText(disposition?.submissionNotice),
      };
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: text.title, description: text.description, origin: data?.origin, path: '/aboutUs' });

/** "60" or "45-60" over the journals' review cycles. */
function cycleRange(days: (number | null)[]): string {
  const known = days.filter((d): d is number => typeof d === 'number' && d > 0);
  if (!known.length) return String(DEFAULT_REVIEW_DAYS);
  const min = Math.min(...known);
  const max = Math.max(...known);
  return min === max ? String(min) : `${min}-${max}`;
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { stats, journals } = loaderData;
  const sponsors = [...new Set(journals.map((j) => j.sponsor).filter(Boolean))];
  return (
    <PageFrame title={text.title} toc={SECTIONS}>
      <PageTitle>{text.title}</PageTitle>

      <section id="intro" className={classes.section} aria-labelledby="intro-heading">
        <h2 id="intro-heading">{text.sections.intro}</h2>
        {text.intro.map((p, index) => (
          <p key={index}>{p}</p>
        ))}
        <ul className={classes.stats}>
          {(['journals', 'articles', 'experts'] as const).map((key) => (
            <li key={key}>
              <span className={classes.statValue}>
                {stats[key].toLocaleString('zh-CN')}
                <small> {text.statUnits[key]}</small>
              </span>
              <span className={classes.statLabel}>{text.stats[key]}</span>
            </li>
          ))}
        </ul>
      </section>

      <section id="cooperation" className={classes.section} aria-labelledby="cooperation-heading">
        <h2 id="cooperation-heading">{text.sections.cooperation}</h2>
        <h3>{text.host}</h3>
        <div className={classes.host}>
          <span className={classes.hostMark} aria-hidden="true">
            数法
          </span>
          <div>
            <p className={classes.hostName}>{copy.site.host}</p>
            <p className={classes.hostText}>{text.hostText}</p>
          </div>
        </div>
        <h3>{text.partners}</h3>
        <p>
          {text.partnersLead}
          {sponsors.length ? `（${sponsors.join('、')}）` : ''}
        </p>
        {journals.length ? (
          <ul className={classes.cards}>
            {journals.map((journal) => (
              <li key={journal.id}>
                <p className={classes.cardTitle}>
                  <Link to={`/journal/${journal.id}`}>《{journal.name}》</Link>
                </p>
                <dl className={classes.facts}>
                  <Fact label={text.sponsor}>{journal.sponsor}</Fact>
                  <Fact label={text.publisher}>{journal.publisher}</Fact>
                  <Fact label={text.frequency}>{journal.frequency}</Fact>
                  <Fact label="ISSN">{journal.issn}</Fact>
                  <Fact label="CN">{journal.cn}</Fact>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">{copy.list.empty}</p>
        )}
      </section>

      <section id="open" className={classes.section} aria-labelledby="open-heading">
        <h2 id="open-heading">{text.sections.open}</h2>
        {text.open.map((p, index) => (
          <p key={index}>{p}</p>
        ))}
        <h3>{text.openHowTo}</h3>
        <ol>
          {text.openSteps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </section>

      <section id="contribute" className={classes.section} aria-labelledby="contribute-heading">
        <h2 id="contribute-heading">{text.sections.contribute}</h2>
        <p>{text.contributeLead}</p>
        <h3>{text.howToSubmit}</h3>
        <ol>
          {text.submitSteps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
        <h3>{text.formats}</h3>
        <ul>
          {text.formatItems.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
        <h3>{text.review}</h3>
        <ol>
          {text.reviewSteps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
        <h3>{text.cycle}</h3>
        <p>{text.cycleText(cycleRange(journals.map((j) => j.reviewCycleDays)))}</p>
        <h3>{text.ethics}</h3>
        <p>{text.ethicsText}</p>
        <h3>{text.contacts}</h3>
        {journals.length ? (
          <ul className={classes.cards}>
            {journals.map((journal) => (
              <li key={journal.id}>
                <p className={classes.cardTitle}>《{journal.name}》</p>
                <dl className={classes.facts}>
                  <Fact label={text.reviewCycle}>{journal.reviewCycleDays ? text.reviewCycleDays(journal.reviewCycleDays) : null}</Fact>
                  <Fact label={text.email}>{journal.contact?.email}</Fact>
                  <Fact label={text.phone}>{journal.contact?.phone}</Fact>
                  <Fact label={text.address}>{journal.contact?.address}</Fact>
                </dl>
                {journal.noticeHtml ? <div className={classes.notice} dangerouslySetInnerHTML={{ __html: journal.noticeHtml }} /> : null}
                <div className={classes.cardAction}>
                  {journal.acceptsContribution ? (
                    <Link className={classes.submit} to={`/upload?redirectGch=${encodeURIComponent(journal.gch)}`}>
                      {text.submitButton}
                      <span className="visually-hidden">{text.submitFor(journal.name)}</span>
                    </Link>
                  ) : (
                    <span className={classes.closed}>{text.closed}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">{copy.list.empty}</p>
        )}
        <p className={classes.related}>
          {pages.docPage.related}
          <Link to="/frequentlyAskedQuestion#submission">{text.faqLink}</Link>
          <Link to="/userGuide#submit">{pages.userGuide.title}</Link>
        </p>
      </section>
    </PageFrame>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
