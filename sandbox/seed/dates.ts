// Calendar helpers on 'YYYY-MM-DD' strings (UTC, so results never depend on the host's zone).

export const BASE_DATE = '2026-01-01';

export function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function fmtDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fmtDay(d);
}

export function dayOfIssue(year: number, month: number, dayOfMonth = 25): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}
