/**
 * Every user-facing Chinese string, in one place: one file per area of the site,
 * gathered here. Where the spec quotes English, the copy is the natural Chinese.
 */
import { shell } from './shell';
import { pages } from './pages';

export const copy = { ...shell, ...pages } as const;
