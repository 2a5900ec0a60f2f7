// /manage/preferential/*: daily check-in (签到, once per Beijing day) and the lottery it
// feeds: every check-in earns one draw in each running activity.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { nowTime, today } from '../clock.js';
import type { DB } from '../db.js';
import type { SandboxEnv } from '../env.js';
import { bizError, createApi, optInt, parse, withMessage } from '../http.js';
import { addDays } from '../seed/dates.js';

interface Prize {
  id: number;
  name: string;
  level: number;
  weight: number;
}

interface ActivityRow {
  id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  prizes: string;
}

function checkinState(db: DB, employeeId: number) {
  const day = today(db);
  const days = (db.prepare('SELECT day FROM checkins WHERE employee_id = ? ORDER BY day DESC').all(employeeId) as { day: string }[]).map((r) => r.day);
  const set = new Set(days);
  let streak = 0;
  for (let d = set.has(day) ? day : addDays(day, -1); set.has(d); d = addDays(d, -1)) streak++;
  return { today: day, checkedIn: set.has(day), streak, totalDays: days.length, lastCheckIn: days[0] ?? null };
}

function chancesLeft(db: DB, employeeId: number, a: ActivityRow): number {
  const earned = (
    db.prepare('SELECT count(*) AS n FROM checkins WHERE employee_id = ? AND day BETWEEN ? AND ?').get(employeeId, a.start_date, a.end_date) as { n: number }
  ).n;
  const used = (db.prepare('SELECT count(*) AS n FROM lottery_draws WHERE employee_id = ? AND activity_id = ?').get(employeeId, a.id) as { n: number }).n;
  return Math.max(0, earned - used);
}

export function preferentialRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  api.post('/lotteryActivitySign/queryAuthorIsCheck', ({ user }) => checkinState(db, user().employeeId));

  api.post('/lotteryActivitySign/authorCheckIn', ({ user }) => {
    const auth = user();
    const day = today(db);
    const info = db.prepare('INSERT OR IGNORE INTO checkins (employee_id, day, created_at) VALUES (?,?,?)').run(auth.employeeId, day, nowTime(db));
    if (info.changes === 0) throw bizError('今日已签到，请明天再来');
    return withMessage(checkinState(db, auth.employeeId), '签到成功，获得1次抽奖机会');
  });

  const activityJson = (a: ActivityRow, employeeId: number) => {
    const day = today(db);
    const status = day < a.start_date ? 'upcoming' : day > a.end_date ? 'ended' : 'running';
    return {
      id: a.id,
      name: a.name,
      description: a.description,
      startDate: a.start_date,
      endDate: a.end_date,
      status,
      statusName: { upcoming: '未开始', running: '进行中', ended: '已结束' }[status],
      prizes: (JSON.parse(a.prizes) as Prize[]).map(({ id, name, level }) => ({ id, name, level })),
      chances: status === 'running' ? chancesLeft(db, employeeId, a) : 0,
      myPrizes: db
        .prepare(
          'SELECT id, prize_id AS prizeId, prize_name AS prizeName, created_at AS createTime FROM lottery_draws WHERE employee_id = ? AND activity_id = ? AND prize_id IS NOT NULL ORDER BY id DESC',
        )
        .all(employeeId, a.id),
    };
  };

  api.post('/lotteryActivity/getActivities', ({ user }) => {
    const auth = user();
    return (db.prepare('SELECT * FROM lottery_activities ORDER BY start_date DESC, id').all() as ActivityRow[]).map((a) => activityJson(a, auth.employeeId));
  });

  api.post('/lotteryActivity/authorLottery', ({ params, user }) => {
    const auth = user();
    const { activityId } = parse(z.object({ activityId: optInt() }), { activityId: params.activityId ?? params.id });
    const a = (
      activityId
        ? db.prepare('SELECT * FROM lottery_activities WHERE id = ?').get(activityId)
        : db.prepare('SELECT * FROM lottery_activities WHERE ? BETWEEN start_date AND end_date ORDER BY id LIMIT 1').get(today(db))
    ) as ActivityRow | undefined;
    if (!a) throw bizError('抽奖活动不存在', 404);
    const day = today(db);
    if (day < a.start_date || day > a.end_date) throw bizError('活动不在进行中');
    if (chancesLeft(db, auth.employeeId, a) <= 0) throw bizError('抽奖次数已用完，签到可获得抽奖机会');
    const prizes = JSON.parse(a.prizes) as Prize[];
    // Weights are per mille; what is left over is 谢谢参与.
    let r = randomInt(0, 1000);
    let won: Prize | null = null;
    for (const p of prizes) {
      if (r < p.weight) {
        won = p;
        break;
      }
      r -= p.weight;
    }
    db.prepare('INSERT INTO lottery_draws (employee_id, activity_id, prize_id, prize_name, created_at) VALUES (?,?,?,?,?)').run(
      auth.employeeId,
      a.id,
      won?.id ?? null,
      won?.name ?? null,
      nowTime(db),
    );
    const result = {
      won: won !== null,
      prize: won ? { id: won.id, name: won.name, level: won.level } : null,
      chancesLeft: chancesLeft(db, auth.employeeId, a),
    };
    return withMessage(result, won ? `恭喜您获得${won.name}！` : '很遗憾，未中奖，谢谢参与');
  });

  return api.router;
}
