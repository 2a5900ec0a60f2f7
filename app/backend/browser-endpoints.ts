/**
 * The backend calls the browser makes itself, through the portal's `/api` and `/manage`
 * proxy (docs/product.md#proxy): uploads streamed straight to the backend, the image code
 * of the submission form, and files. Everything else the browser asks of those prefixes
 * is refused: the portal makes every other call itself, on the server, so the calls that
 * hand out the backend token or that the portal rate-limits are never reachable.
 */
export interface BrowserEndpoint {
  method: 'GET' | 'POST';
  path: string;
}

export const BROWSER_ENDPOINTS = {
  manuscriptUpload: { method: 'POST', path: '/manage/author/paper/authorManuscriptUpload' },
  activityUpload: { method: 'POST', path: '/manage/author/paper/authorActivityUpload' },
  revisionUpload: { method: 'POST', path: '/manage/author/paper/submitChanges' },
  submissionCaptcha: { method: 'GET', path: '/manage/author/paper/calculateCaptcha' },
  attachmentDownload: { method: 'GET', path: '/api/attachmentApi/download' },
  attachmentView: { method: 'GET', path: '/api/attachmentApi/fileBrowsing' },
  articlePdf: { method: 'GET', path: '/api/file/file/download' },
} as const satisfies Record<string, BrowserEndpoint>;

const ALLOWED = new Map<string, string>(Object.values(BROWSER_ENDPOINTS).map((endpoint) => [endpoint.path, endpoint.method]));

/**
 * Whether the browser may make this call: the exact path of a declaration (no other case,
 * no trailing slash, no encoding) with its method (HEAD goes with GET).
 */
export function isBrowserEndpoint(method: string, path: string): boolean {
  const allowed = ALLOWED.get(path);
  return allowed !== undefined && (allowed === method || (allowed === 'GET' && method === 'HEAD'));
}
