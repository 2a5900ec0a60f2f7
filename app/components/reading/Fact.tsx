import type { ReactNode } from 'react';

/**
 * One term of a fact list (`<dl>`) with its value: a journal's sponsor, an article's DOI.
 * A fact with no value is left out rather than shown empty.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
