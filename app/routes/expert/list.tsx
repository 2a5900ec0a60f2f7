import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { expertList, type Expert } from '~/backend/endpoints/experts.server';
import { PersonCard } from '~/components/people/PersonCard';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { queryText } from '~/components/reading/route';
import { Pager } from '~/components/widgets/Pager';
import { copy } from '~/copy';
import { pageParam } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/list';
import classes from './expert.module.css';
import { PUBLIC, reading } from '~/lib/route-policy';

const PAGE_SIZE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = queryText(url.searchParams.get('q'));
  const current = pageParam(url.searchParams.get('page'));
  const experts = await backendFor(request, context).call(expertList, { keyword: q || undefined, current, size: PAGE_SIZE });
  return { q, experts: { ...experts, records: experts.records.map(expertCard) }, origin: context.runtime.publicOrigin };
}

/** What an expert's card shows: the biography and the citation figures are the expert page's. */
function expertCard({ id, name, avatar, title, institution, researchFields, paperCount }: Expert) {
  return { id, name, avatar, title, institution, researchFields, paperCount };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = copy.expertPages;
  const current = data?.experts.current ?? 1;
  return pageMeta({
    title: data?.q ? t.searchTitle(data.q) : current > 1 ? `${t.title}（第${current}页）` : t.title,
    description: t.description,
    origin: data?.origin,
    path: current > 1 ? `/expertAuthor?page=${current}` : '/expertAuthor',
    noindex: Boolean(data?.q),
  });
};

export default function ExpertList({ loaderData }: Route.ComponentProps) {
  const { q, experts } = loaderData;
  const t = copy.expertPages;
  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <Breadcrumbs items={[{ label: t.title }]} />
      <section className={page.panel} aria-labelledby="experts-heading">
        <div className={page.toolbar}>
          <div>
            <h1 id="experts-heading" className={page.heading}>
              {t.title}
            </h1>
            <p className={page.lead}>{t.intro}</p>
          </div>
          <Form method="get" action="/expertAuthor" className={page.searchForm} role="search" aria-label={t.searchLabel}>
            <input type="search" name="q" defaultValue={q} key={q} placeholder={t.searchPlaceholder} aria-label={t.searchLabel} maxLength={50} />
            <button type="submit">{copy.reading.search}</button>
          </Form>
        </div>
      </section>

      <section className={page.panel} aria-labelledby="experts-results">
        <h2 id="experts-results" className={page.sectionTitle}>
          {q ? t.searchCount(q, experts.total) : t.count(experts.total)}
        </h2>
        {experts.records.length === 0 ? (
          <div className={page.empty}>
            <p>{q ? t.noMatch(q) : copy.list.empty}</p>
            {q ? (
              <p>
                {t.noMatchHint} <Link to="/expertAuthor">{copy.reading.clearSearch}</Link>
              </p>
            ) : null}
          </div>
        ) : (
          <ul className={classes.grid}>
            {experts.records.map((expert) => (
              <li key={expert.id}>
                <PersonCard
                  to={`/expertAuthor/${expert.id}`}
                  name={expert.name}
                  avatar={expert.avatar}
                  title={expert.title}
                  institution={expert.institution}
                  fields={expert.researchFields}
                  footer={t.paperCount(expert.paperCount)}
                />
              </li>
            ))}
          </ul>
        )}
        <Pager current={experts.current} total={experts.total} size={experts.size} label={t.pager} />
      </section>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'q', 'page');
