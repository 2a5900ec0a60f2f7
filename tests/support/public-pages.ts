/** Public pages that show backend text, one example URL each (the XSS corpus renders them all). */
export const PAGES_WITH_BACKEND_TEXT = [
  '/',
  '/journal',
  '/journal/1',
  // The 网络首发 list in place of an issue's contents.
  '/journal/1?list=online-first',
  '/journal/detail?id=1',
  // Full text, a correction, 网络首发 versions and readers' notes (the sandbox's article 7).
  '/journal/detail?id=7',
  `/search?q=${encodeURIComponent('数据出境')}`,
  '/expertAuthor',
  '/expertAuthor/1',
  '/editorialBoard',
  '/editorialBoard/1',
  '/news',
  '/news?type=2',
  '/news/1',
  '/theme/detail?id=1',
  '/theme/detail-new?id=1',
  '/aboutUs',
];

/** Public pages whose content is the portal's own. */
export const STATIC_PAGES = [
  '/frequentlyAskedQuestion',
  '/userGuide',
  '/userAgreement',
  '/privacyAgreement',
  '/accessibility',
  '/openAccess',
  '/distinguish',
  '/health',
  '/system',
];

/** Pages answered with the 404 page: an unknown path and an unknown DOI. */
export const NOT_FOUND_PAGES = ['/no-such-page', '/doi/10.99999/no.such.article'];

/** Every kind of public page, the 404 page included: checked by axe. */
export const PUBLIC_PAGES = [...PAGES_WITH_BACKEND_TEXT, ...STATIC_PAGES, ...NOT_FOUND_PAGES];

/** The sign-in popup's five modes (`?login=MODE` on any page). */
export const LOGIN_MODES = ['userLogin', 'userRegister', 'losePWD', 'wxLogin', 'bindMobile'] as const;

/** The pages an author reaches when signed in: the personal centre, account tabs and submission. */
export const SIGNED_IN_PAGES = [
  '/personal',
  '/personal/index',
  '/personal/histroy',
  '/personal/histroy?tab=downloads',
  '/personal/message',
  '/personal/manuscripts',
  '/personal/account',
  '/personal/account/security',
  '/personal/account/verification',
  '/personal/account/invoice',
  '/personal/account/feedback',
  '/upload',
  '/upload?redirectGch=SJFX',
];

/**
 * Listed pages that show the same route, or the same page component, with the same parts as
 * another listed page: a second article, a second list type of the news, the 404 page reached
 * by an unknown DOI, a second tab of the reading history, /personal (the module of
 * /personal/index), and the static pages after the first of each of the two layouts
 * (app/routes/pages: DocumentPage for the FAQ and the guides, FurtherPage for the rest).
 * Where one page of each kind is enough (axe), they are left out; everything else still
 * visits them.
 */
const SECOND_OF_A_KIND = new Set([
  '/journal/detail?id=1',
  '/news?type=2',
  '/doi/10.99999/no.such.article',
  '/personal/histroy?tab=downloads',
  '/personal',
  '/userGuide',
  '/userAgreement',
  '/privacyAgreement',
  '/distinguish',
  '/health',
  '/system',
]);

/** One public page of each kind. */
export const PUBLIC_PAGE_KINDS = PUBLIC_PAGES.filter((path) => !SECOND_OF_A_KIND.has(path));

/** One signed-in page of each kind. */
export const SIGNED_IN_PAGE_KINDS = SIGNED_IN_PAGES.filter((path) => !SECOND_OF_A_KIND.has(path));

/**
 * A list cut into runs of at most `size`, in order. The end-to-end tests check a run of pages
 * in one browser tab: a fresh context per page cost about a CPU-second of its own (a new
 * renderer process, the scripts compiled again), more than most pages' checks.
 */
export function inRuns<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}
