/**
 * Every user-facing Chinese string, in one place: one file per area of the site,
 * gathered here. Where the spec quotes English, the copy is the natural Chinese.
 */
import { shell } from './shell';
import { reading } from './reading';

export const copy = { ...shell, ...reading } as const;

// The site's frame (root, header, footer, error page, meta tags, the home page) imports
// './shell' alone, so the reading pages' copy is not part of every page's JavaScript.
// Long page texts (help, legal, about) are not gathered here, so that they are not part
// of every page's JavaScript: their routes import them from './pages' directly.
