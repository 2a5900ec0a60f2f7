import { boardList, type BoardMember } from '~/backend/endpoints/board.server';
import { PersonCard } from '~/components/people/PersonCard';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { Pager } from '~/components/widgets/Pager';
import { copy } from '~/copy';
import { pageParam } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/list';
import classes from './board.module.css';
import { groupByRole } from './groups';
import { PUBLIC, reading } from '~/lib/route-policy';

/** The backend's largest page: the whole board (20 members) on one page; a larger board pages. */
const PAGE_SIZE = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const current = pageParam(url.searchParams.get('page'));
  const board = await backendFor(request, context).call(boardList, { current, size: PAGE_SIZE });
  const groups = groupByRole(board.records).map((group) => ({
    ...group,
    members: group.members.map((member) => memberCard(member, group.roleLevel === CHIEF)),
  }));
  return { board: { total: board.total, current: board.current, size: board.size }, groups, origin: context.runtime.publicOrigin };
}

/** The editors-in-chief, whose cards carry their biography. */
const CHIEF = 1;

/** What a member's card shows: the biography only on an editor-in-chief's card, the rest is the member's page. */
function memberCard({ id, name, avatar, title, institution, journalName, role, researchFields, bio }: BoardMember, chief: boolean) {
  return { id, name, avatar, title, institution, journalName, role, researchFields, bio: chief ? bio : '' };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const current = data?.board.current ?? 1;
  return pageMeta({
    title: current > 1 ? `${copy.boardPages.title}（第${current}页）` : copy.boardPages.title,
    description: copy.boardPages.description,
    origin: data?.origin,
    path: current > 1 ? `/editorialBoard?page=${current}` : '/editorialBoard',
  });
};

export default function EditorialBoard({ loaderData }: Route.ComponentProps) {
  const { board, groups } = loaderData;
  const t = copy.boardPages;
  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <Breadcrumbs items={[{ label: t.title }]} />
      <section className={page.panel} aria-labelledby="board-heading">
        <h1 id="board-heading" className={page.heading}>
          {t.title}
          <span className={page.count}> {t.count(board.total)}</span>
        </h1>
        <p className={page.lead}>{t.intro}</p>
      </section>
      {groups.length === 0 ? (
        <section className={page.panel}>
          <p className={page.empty}>{copy.list.empty}</p>
        </section>
      ) : (
        groups.map((group) => (
          <section key={group.roleLevel} className={page.panel} aria-labelledby={`role-${group.roleLevel}`}>
            <h2 id={`role-${group.roleLevel}`} className={page.sectionTitle}>
              {group.role}
              <span className={page.count}>{t.count(group.members.length)}</span>
            </h2>
            <ul className={group.roleLevel === 1 ? classes.chief : classes.grid}>
              {group.members.map((member) => (
                <li key={member.id}>
                  <PersonCard
                    to={`/editorialBoard/${member.id}`}
                    name={member.name}
                    avatar={member.avatar}
                    title={member.title}
                    institution={member.institution}
                    note={member.journalName ? t.serves(member.journalName, member.role) : undefined}
                    fields={member.researchFields}
                    headingLevel="h3"
                    footer={member.bio || undefined}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <Pager current={board.current} total={board.total} size={board.size} label={t.pager} />
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'page');
