/**
 * The journals' submission rules, written once: the 投稿须知 states them, the submission form
 * enforces them as the author types, and the backend's format check applies them. Ranges are
 * inclusive; lengths count characters (a Chinese character is one).
 */
export const SUBMISSION_RULES = {
  /** The manuscript's body, in characters. */
  words: [8000, 30000],
  /** The Chinese abstract, in characters. */
  abstract: [200, 300],
  keywords: [3, 5],
  /** The highest 总文字复制比 the similarity check accepts, in per cent. */
  similarityMax: 15,
} as const;

/** "200-300": a rule's range as the notice and the messages write it. */
export const range = ([min, max]: readonly [number, number]) => `${min}-${max}`;
