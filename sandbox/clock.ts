// The sandbox clock: real time plus an offset in days that tests can set
// (POST /__sandbox/clock), so "once a day" rules can be exercised. Dates are Beijing time.
import type { DB } from './db.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BEIJING_MS = 8 * 60 * 60 * 1000;

export function clockOffsetDays(db: DB): number {
  const row = db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'clock_offset_days'`).get() as { value: string } | undefined;
  return row ? Number(row.value) || 0 : 0;
}

export function setClockOffsetDays(db: DB, days: number): void {
  db.prepare(
    `INSERT INTO sandbox_meta (key, value) VALUES ('clock_offset_days', ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(String(days));
}

/** Milliseconds since the epoch, shifted by the sandbox offset. */
export function nowMs(db: DB): number {
  return Date.now() + clockOffsetDays(db) * DAY_MS;
}

/** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
export function fmtTime(ms: number): string {
  return new Date(ms + BEIJING_MS).toISOString().replace('T', ' ').slice(0, 19);
}

export function nowTime(db: DB): string {
  return fmtTime(nowMs(db));
}

/** 'YYYY-MM-DD', Beijing time. */
export function today(db: DB): string {
  return nowTime(db).slice(0, 10);
}

export function currentYear(db: DB): number {
  return Number(today(db).slice(0, 4));
}
