import { STAGES, type Stage } from '../../../contract/manuscript-stages';
/**
 * The status filters of the manuscript list: the groups of the personal home's counts
 * (as `paper/list` reads them) and the single stages of docs/backend-contract.md.
 */
export const STATUS_GROUPS = {
  draft: ['draft'],
  reviewing: ['submitted', 'initial_review', 'external_review', 'revised'],
  todo: ['revision', 'proof', 'payment'],
  accepted: ['accepted'],
  finished: ['published', 'rejected', 'retracted'],
} as const satisfies Record<string, readonly Stage[]>;

export type StatusGroup = keyof typeof STATUS_GROUPS;

/** The groups in the order the personal home shows their counts. */
export const GROUP_KEYS = Object.keys(STATUS_GROUPS) as StatusGroup[];

/** Stages past acceptance: a manuscript's page shows payment, issue and publication. */
export const SCHEDULED_STAGES: readonly Stage[] = ['accepted', 'proof', 'payment', 'published'];

/** Stages in which the author may still answer the 格式审查 (past submission, not finished). */
export const FORMAT_REMARK_STAGES: readonly Stage[] = ['submitted', 'initial_review', 'external_review', 'revision', 'revised', 'accepted', 'proof', 'payment'];

/** Whether a status the backend sent is one of `stages` (a status outside the contract is in none). */
export function isStageIn(status: string, stages: readonly Stage[]): boolean {
  return (stages as readonly string[]).includes(status);
}

export { STAGES, type Stage } from '../../../contract/manuscript-stages';

/** The stages a filter key stands for (a group or one stage), or null for "all" and unknown keys. */
export function stagesOf(key: string | null | undefined): readonly string[] | null {
  if (!key) return null;
  if (Object.hasOwn(STATUS_GROUPS, key)) return STATUS_GROUPS[key as StatusGroup];
  return (STAGES as readonly string[]).includes(key) ? [key] : null;
}

/** The number of manuscripts a filter shows, from `statusCounts` of `paper/list`. */
export function countOf(key: string, counts: Record<string, number> | null | undefined): number {
  const all = counts ?? {};
  const stages = stagesOf(key) ?? STAGES;
  return stages.reduce((sum, stage) => sum + (all[stage] ?? 0), 0);
}
