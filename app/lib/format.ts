/** "2025年第2期" */
export function issueLabel(year: number, issueNo: number | null | undefined): string {
  return issueNo ? `${year}年第${issueNo}期` : `${year}年`;
}

/** "2025-03-18" → "2025年3月18日" */
export function chineseDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(date);
  if (!match) return date;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}

/** Reads a positive integer query parameter, or undefined. */
export function intParam(value: string | null, max = 1_000_000_000): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** Page number from `?page=`, at least 1, at most 10,000 (deeper pages are refused by the backend). */
export function pageParam(value: string | null): number {
  return intParam(value, 10_000) ?? 1;
}
