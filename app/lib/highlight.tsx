import { Fragment, type ReactNode } from 'react';

/** Search terms of a query: split on white space, duplicates and blanks dropped. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .split(/\s+/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].slice(0, 10);
}

/**
 * Marks every case-insensitive occurrence of the terms with <mark>. Done by the portal
 * from the plain text, so no backend-provided markup is ever injected into the page.
 */
export function highlight(text: string, terms: string[]): ReactNode {
  if (!text || terms.length === 0) return text;
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const t = term.toLowerCase();
    for (let i = lower.indexOf(t); i !== -1; i = lower.indexOf(t, i + t.length)) ranges.push([i, i + t.length]);
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const parts: ReactNode[] = [];
  let cursor = 0;
  merged.forEach(([start, end], index) => {
    if (start > cursor) parts.push(text.slice(cursor, start));
    parts.push(<mark key={index}>{text.slice(start, end)}</mark>);
    cursor = end;
  });
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <Fragment>{parts}</Fragment>;
}
