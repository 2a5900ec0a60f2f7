// The sign-in popup's query parameters on their own: every route's cache policy names them
// (app/lib/route-policy.ts), and importing them must not bring the popup's URL code along.
export const LOGIN_PARAM = 'login';
/** Query parameters that belong to the popup, not to the page under it. */
export const POPUP_PARAMS = [LOGIN_PARAM, 'redirect', 'gch', 'from'] as const;
