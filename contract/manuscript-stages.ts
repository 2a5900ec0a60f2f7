/**
 * The manuscript stages of the backend contract (docs/backend-contract.md), shared by the
 * portal and the sandbox: the codes a manuscript's `status` takes, in the order of its
 * life, and the name the backend gives each (its `statusName`).
 */
export const STAGE_NAMES = {
  draft: '草稿',
  submitted: '已投稿',
  initial_review: '初审中',
  external_review: '外审中',
  revision: '待返修',
  revised: '返修已提交',
  accepted: '已录用',
  proof: '校样中',
  payment: '待缴费',
  published: '已刊出',
  rejected: '已退稿',
  retracted: '已撤稿',
} as const;

export type Stage = keyof typeof STAGE_NAMES;

export const STAGES = Object.keys(STAGE_NAMES) as readonly Stage[];
