import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * Every URL of the portal (spec §2), grouped by layout. Each area keeps its routes
 * together under its own comment.
 */
export default [
  // Resource routes (no layout)
  route('logout', 'routes/auth/logout.tsx'),
  route('notice/dismiss', 'routes/resources/dismiss-notice.ts'),
  route('qrcode.svg', 'routes/resources/qrcode.ts'),
  route('journal/detail/cite', 'routes/journal/cite.ts'),
  // -- resources: sitemap, robots, feeds --
  // -- resources: sign-in (captcha image, SMS) --
  route('captcha.svg', 'routes/auth/captcha.ts'),
  route('captcha/key', 'routes/auth/captcha-key.ts'),
  route('login/username', 'routes/auth/username.ts'),
  route('login/wechat', 'routes/auth/wechat-callback.ts'),

  layout('routes/layouts/default.tsx', [
    index('routes/home.tsx'),
    // Journals and literature
    route('journal', 'routes/journal/literature.tsx'),
    route('journal/detail', 'routes/journal/article.tsx'),
    route('journal/:id', 'routes/journal/journal.tsx'),
    route('search', 'routes/search.tsx'),
    // -- public reading: experts, editorial board, news, hotspots --
    route('expertAuthor', 'routes/expert/list.tsx'),
    route('expertAuthor/:id', 'routes/expert/detail.tsx'),
    route('editorialBoard', 'routes/board/list.tsx'),
    route('editorialBoard/:id', 'routes/board/detail.tsx'),
    route('news', 'routes/news/list.tsx'),
    route('news/:volume', 'routes/news/detail.tsx'),
    route('theme/detail', 'routes/theme/detail.tsx'),
    route('theme/detail-new', 'routes/theme/detail-new.tsx'),
    // -- public reading: about, help, legal and further pages --
    // -- sign-in: default layout --
    route('findAccount', 'routes/auth/find-account.tsx'),
    route('personal', 'routes/personal/index.tsx'),

    // Unknown URLs: 404 with the 404 page inside the default layout.
    route('*', 'routes/not-found.tsx'),
  ]),
  // -- sign-in: no-footer layout (/login) --
  layout('routes/layouts/no-footer.tsx', [route('login', 'routes/auth/login.tsx')]),
] satisfies RouteConfig;
