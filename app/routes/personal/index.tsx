import { Form, useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import {
  authorCheckIn,
  authorLottery,
  getActivities,
  getProfile,
  manuscriptList,
  queryAuthorIsCheck,
  unprocessedItems,
} from '~/backend/endpoints/personal.server';
import { manuscripts as manuscriptsCopy } from '~/copy/manuscripts';
import { personal as copy } from '~/copy/personal';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/index';
import classes from '~/components/personal/personal.module.css';
import { backTo, redirectWithToast, refusal } from '~/lib/action-result.server';
import { GROUP_KEYS, countOf } from '~/components/manuscripts/status';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.index.title, noindex: true });

/** /personal and /personal/index: the author's card, manuscripts by stage, to-dos, check-in and lottery. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  const url = new URL(request.url);
  const group = url.searchParams.get('status');
  // Stage groups of `paper/list`, shown as counts (each links to the list filtered by it).
  const status = GROUP_KEYS.find((key) => key === group);
  const backend = backendFor(request, context);
  const [profile, manuscripts, todo, checkIn, activities] = await Promise.all([
    backend.call(getProfile),
    backend.call(manuscriptList, { current: 1, size: 10, status }),
    backend.call(unprocessedItems),
    backend.call(queryAuthorIsCheck),
    backend.call(getActivities),
  ]);
  const counts = GROUP_KEYS.map((key) => ({ key, count: countOf(key, manuscripts.statusCounts) }));
  return {
    username: session.user.username,
    profile,
    counts,
    status: status ?? null,
    manuscripts: manuscripts.records,
    total: manuscripts.total,
    todo,
    checkIn,
    activities: activities.filter((a) => a.status !== 'ended'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const backend = backendFor(request, context);
  const back = backTo(request, '/personal/index');
  try {
    if (intent === 'checkIn') {
      await backend.call(authorCheckIn);
      return redirectWithToast(context, back, '签到成功，获得1次抽奖机会');
    }
    if (intent === 'lottery') {
      const activityId = formData.get('activityId');
      const result = await backend.call(authorLottery, typeof activityId === 'string' && /^\d{1,12}$/.test(activityId) ? { activityId } : {});
      return redirectWithToast(context, back, result.won ? '恭喜您中奖了！' : '很遗憾，未中奖，谢谢参与', result.won ? 'success' : 'error');
    }
  } catch (error) {
    return redirectWithToast(context, back, refusal(error), 'error');
  }
  return redirectWithToast(context, back, copy.errors.failed, 'error');
}

function Badges({ profile }: { profile: Route.ComponentProps['loaderData']['profile'] }) {
  const items = [
    { on: profile.identityVerified, label: copy.index.badges.identity },
    { on: profile.faceVerified, label: copy.index.badges.face },
    { on: profile.scholarStatus === 'approved', label: copy.index.badges.scholar },
  ].filter((item) => item.on);
  return (
    <ul className={classes.badges} aria-label="认证状态">
      {items.length ? (
        items.map((item) => (
          <li key={item.label} className={classes.badge}>
            {item.label}
          </li>
        ))
      ) : (
        <li className={`${classes.badge} ${classes.badgeOff}`}>{copy.index.badges.none}</li>
      )}
    </ul>
  );
}

export default function PersonalIndex({ loaderData }: Route.ComponentProps) {
  const { username, profile, counts, status, manuscripts, todo, checkIn, activities } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <main id="main" tabIndex={-1}>
      <section className={classes.panel} aria-labelledby="personal-card">
        <div className={classes.card}>
          <span className={classes.avatar} aria-hidden="true">
            {profile.headImgUrl ? <img src={profile.headImgUrl} alt="" /> : username.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h1 id="personal-card">{copy.index.welcome(username)}</h1>
            <p className={classes.meta}>{[profile.realName, profile.institution].filter(Boolean).join(' · ')}</p>
            <Badges profile={profile} />
          </div>
        </div>
      </section>

      <section className={classes.panel} aria-labelledby="personal-manuscripts">
        <h2 id="personal-manuscripts">{copy.index.manuscripts}</h2>
        <ul className={classes.counts}>
          {counts.map((c) => (
            <li key={c.key}>
              <Link to={`/personal/manuscripts?status=${c.key}`} aria-current={status === c.key ? 'true' : undefined}>
                <strong>{c.count}</strong>
                {copy.index.stages[c.key]}
              </Link>
            </li>
          ))}
        </ul>
        <h3 id="manuscript-list" className={classes.meta}>
          {status ? copy.index.stages[status] : copy.index.latest}
          {' · '}
          <Link to={status ? `/personal/manuscripts?status=${status}` : '/personal/manuscripts'}>{copy.index.allManuscripts}</Link>
          {' · '}
          <Link to="/personal/manuscripts/achievements">{manuscriptsCopy.achievements.nav}</Link>
        </h3>
        {manuscripts.length ? (
          <ul className={classes.list}>
            {manuscripts.map((m) => (
              <li key={m.id}>
                <span>
                  <Link to={m.status === 'draft' ? `/upload/info?paperId=${m.id}` : `/personal/manuscripts/${m.id}`}>
                    {m.title || manuscriptsCopy.list.untitled}
                  </Link>
                  <br />
                  <span className={classes.meta}>{[m.manuscriptNo, m.journalName, m.updateTime].filter(Boolean).join(' · ')}</span>
                </span>
                <span className={classes.badge}>{m.statusName}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.meta}>{copy.index.noManuscripts}</p>
        )}
      </section>

      <section className={classes.panel} aria-labelledby="personal-todo">
        <h2 id="personal-todo">
          {copy.index.unprocessed}（{todo.total}）
        </h2>
        {todo.items.length ? (
          <ul className={classes.list}>
            {todo.items.map((item) => (
              <li key={`${item.paperId}-${item.type}`}>
                <span>
                  <Link
                    to={
                      item.type === 'draft'
                        ? `/upload/info?paperId=${item.paperId}`
                        : item.type === 'revision'
                          ? `/updatePaperInfo?id=${item.paperId}`
                          : item.type === 'payment'
                            ? `/personal/manuscripts/${item.paperId}/payment`
                            : `/personal/manuscripts/${item.paperId}`
                    }
                  >
                    {item.title}
                  </Link>
                  {item.manuscriptNo ? <span className={classes.meta}>（{item.manuscriptNo}）</span> : null}
                </span>
                <span className={classes.badge}>{item.typeName}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.meta}>{copy.index.noUnprocessed}</p>
        )}
      </section>

      <section className={classes.panel} aria-labelledby="personal-checkin">
        <h2 id="personal-checkin">{copy.index.checkIn}</h2>
        <div className={classes.row}>
          <Form method="post" action="/personal/index">
            <button type="submit" name="intent" value="checkIn" className={classes.button} disabled={checkIn.checkedIn || busy}>
              {checkIn.checkedIn ? copy.index.checkedIn : copy.index.checkInButton}
            </button>
          </Form>
          <span className={classes.meta}>{copy.index.streak(checkIn.streak)}</span>
          <span className={classes.meta}>{copy.index.totalDays(checkIn.totalDays)}</span>
        </div>
      </section>

      <section className={classes.panel} aria-labelledby="personal-lottery">
        <h2 id="personal-lottery">{copy.index.lottery}</h2>
        {activities.length ? (
          <ul className={classes.list}>
            {activities.map((a) => (
              <li key={a.id}>
                <span>
                  <strong>{a.name}</strong> <span className={classes.badge}>{a.statusName}</span>
                  <br />
                  {a.description ? (
                    <>
                      <span className={classes.meta}>{a.description}</span>
                      <br />
                    </>
                  ) : null}
                  <span className={classes.meta}>{copy.index.period(a.startDate, a.endDate)}</span>
                  {a.prizes.length ? <span className={classes.meta}> · {a.prizes.map((p) => p.name).join('、')}</span> : null}
                </span>
                <Form method="post" action="/personal/index" className={classes.row}>
                  <input type="hidden" name="activityId" value={a.id} />
                  <span className={classes.meta}>{copy.index.chances(a.chances)}</span>
                  <button type="submit" name="intent" value="lottery" className={classes.button} disabled={a.chances < 1 || a.status !== 'running' || busy}>
                    {copy.index.draw}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.meta}>{copy.index.noActivities}</p>
        )}
      </section>
    </main>
  );
}
