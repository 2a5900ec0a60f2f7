import { Link } from '~/lib/link';
import { boardMember } from '~/backend/endpoints/board.server';
import { searchPapers } from '~/backend/endpoints/papers.server';
import { listedArticle } from '~/components/journal/listed-article';
import { optional } from '~/backend/optional.server';
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
import classes from './board.module.css';
import { PUBLIC } from '~/lib/route-policy';
import { JsonLd } from '~/lib/json-ld';
import { personJsonLd } from '~/lib/structured-data/person';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = intParam(params.id ?? null);
  if (!id) notFound();
  const backend = backendFor(request, context);
  const member = await backend.call(boardMember, { id }).catch(notFoundOnRefusal);
  // The member's papers: an author search on the name, keeping the bylines with exactly that name.
  const found = await optional(backend.call(searchPapers, { query: member.name, field: 'author', sort: 'publishDate', current: 1, size: 50 }), null);
  const papers = (found?.records ?? []).filter((paper) => paper.authors.some((author) => author.name === member.name)).map(listedArticle);
  return { member, papers, origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return notFoundMeta();
  const { member } = data;
  return pageMeta({
    title: `${member.name} · ${copy.boardPages.title}`,
    description: shareDescription(
      member.bio || copy.boardPages.memberDescription(member.name, member.role, member.institution, member.journalName ?? undefined),
    ),
    origin: data.origin,
    path: `/editorialBoard/${member.id}`,
  });
};

export default function BoardMemberPage({ loaderData }: Route.ComponentProps) {
  const { member, papers } = loaderData;
  const t = copy.boardPages;
  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <JsonLd data={personJsonLd({ ...member, biography: member.bio }, `${loaderData.origin}/editorialBoard/${member.id}`)} />
      <Breadcrumbs items={[{ label: t.title, to: '/editorialBoard' }, { label: member.name }]} />
      <article className={`${page.panel} ${classes.member}`} aria-labelledby="member-name">
        <Avatar name={member.name} src={member.avatar} size="lg" />
        <div>
          <p className={classes.role}>{member.role}</p>
          <h1 id="member-name" className={classes.name}>
            {member.name}
            {member.title ? <span className={classes.title}>{member.title}</span> : null}
          </h1>
          <dl className={classes.facts}>
            <dt>{t.role}</dt>
            <dd>{member.role}</dd>
            {member.journalName ? (
              <>
                <dt>{t.journal}</dt>
                <dd>{member.journalId ? <Link to={`/journal/${member.journalId}`}>《{member.journalName}》</Link> : `《${member.journalName}》`}</dd>
              </>
            ) : null}
            <dt>{copy.reading.institution}</dt>
            <dd>{member.institution}</dd>
            {member.researchFields.length ? (
              <>
                <dt>{t.fields}</dt>
                <dd>
                  <FieldTags fields={member.researchFields} />
                </dd>
              </>
            ) : null}
          </dl>
          {member.bio ? (
            <section className={classes.bio} aria-labelledby="member-bio">
              <h2 id="member-bio">{t.bio}</h2>
              <p>{member.bio}</p>
            </section>
          ) : null}
          <p className={classes.back}>
            <Link to="/editorialBoard">{t.back}</Link>
          </p>
        </div>
      </article>
      {papers.length ? (
        <section className={page.panel} aria-labelledby="member-papers">
          <h2 id="member-papers" className={page.sectionTitle}>
            {t.papers}
            <span className={page.count}>{t.papersCount(papers.length)}</span>
          </h2>
          {papers.map((paper) => (
            <ArticleItem key={paper.id} article={paper} />
          ))}
        </section>
      ) : null}
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
