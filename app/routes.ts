import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Every URL of the portal (spec §2), grouped by layout. */
export default [
  route('logout', 'routes/auth/logout.tsx'),
  route('notice/dismiss', 'routes/resources/dismiss-notice.ts'),
  route('qrcode.svg', 'routes/resources/qrcode.ts'),
  route('journal/detail/cite', 'routes/journal/cite.ts'),
  layout('routes/layouts/default.tsx', [
    index('routes/home.tsx'),
    // Journals and literature (issue 3)
    route('journal', 'routes/journal/literature.tsx'),
    route('journal/detail', 'routes/journal/article.tsx'),
    route('journal/:id', 'routes/journal/journal.tsx'),
    route('search', 'routes/search.tsx'),
    // Unknown URLs: 404 with the 404 page inside the default layout.
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
