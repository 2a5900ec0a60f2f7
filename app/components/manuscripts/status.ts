/**
 * The status filters of the manuscript list: the groups of the personal home's counts
 * (as `paper/list` reads them) and the single stages of docs/backend-contract.md.
 */
export const STATUS_GROUPS: Record<string, readonly string[]> = {
  draft: ['draft'],
  reviewing: ['submitted', 'initial_review', 'external_review', 'revised'],
  todo: ['revision', 'proof', 'payment'],
  accepted: ['accepted'],
  finished: ['published', 'rejected', 'retracted'],
};

export const STAGES = [
  'draft',
  'submitted',
  'initial_review',
  'external_review',
  'revision',
  'revised',
  'accepted',
  'proof',
  'payment',
  'published',
  'rejected',
  'retracted',
] as const;

/** The stages a filter key stands for (a group or one stage), or null for "all" and unknown keys. */
export function stagesOf(key: string | null | undefined): readonly string[] | null {
  if (!key) return null;
  if (STATUS_GROUPS[key]) return STATUS_GROUPS[key];
  return (STAGES as readonly string[]).includes(key) ? [key] : null;
}

/** The number of manuscripts a filter shows, from `statusCounts` of `paper/list`. */
export function countOf(key: string, counts: Record<string, number> | null | undefined): number {
  const all = counts ?? {};
  const stages = stagesOf(key) ?? STAGES;
  return stages.reduce((sum, stage) => sum + (all[stage] ?? 0), 0);
}
