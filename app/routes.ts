import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * Every URL of the portal (docs/product.md#screens), grouped by layout. Each area keeps its routes
 * together under its own comment.
 */
export default [
  // Resource routes (no layout)
  route('logout', 'routes/auth/logout.tsx'),
  route('notice/dismiss', 'routes/resources/dismiss-notice.ts'),
  route('qrcode.svg', 'routes/resources/qrcode.ts'),
  route('journal/detail/cite', 'routes/journal/cite.ts'),
  // -- resources: sitemap, robots, feeds --
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('sitemap/:file', 'routes/resources/sitemap-part.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('rss/news.xml', 'routes/resources/rss-news.ts'),
  route('rss/articles.xml', 'routes/resources/rss-articles.ts'),
  // -- resources: the OAI-PMH harvesting interface --
  route('oai', 'routes/resources/oai.ts'),
  // -- resources: sign-in (captcha image, SMS) --
  route('captcha.svg', 'routes/auth/captcha.ts'),
  route('captcha/key', 'routes/auth/captcha-key.ts'),
  route('login/username', 'routes/auth/username.ts'),
  route('login/wechat', 'routes/auth/wechat-callback.ts'),
  // -- personal centre: account settings: WeChat binding callback --
  route('personal/account/wechat', 'routes/personal/account/wechat-bind.ts'),

  layout('routes/layouts/default.tsx', [
    index('routes/home.tsx'),
    // Journals and literature
    route('journal', 'routes/journal/literature.tsx'),
    route('journal/detail', 'routes/journal/article.tsx'),
    route('journal/:id', 'routes/journal/journal.tsx'),
    // A DOI, slashes and all, resolves to its article.
    route('doi/*', 'routes/journal/doi.tsx'),
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
    route('aboutUs', 'routes/pages/about.tsx'),
    route('frequentlyAskedQuestion', 'routes/pages/faq.tsx'),
    route('userGuide', 'routes/pages/user-guide.tsx'),
    route('userAgreement', 'routes/pages/user-agreement.tsx'),
    route('privacyAgreement', 'routes/pages/privacy-agreement.tsx'),
    route('accessibility', 'routes/pages/accessibility.tsx'),
    route('openAccess', 'routes/pages/open-access.tsx'),
    route('distinguish', 'routes/pages/distinguish.tsx'),
    route('health', 'routes/pages/health.tsx'),
    route('system', 'routes/pages/system.tsx'),
    // -- sign-in: default layout --
    route('findAccount', 'routes/auth/find-account.tsx'),
    // -- manuscripts: submission and tracking --
    route('upload', 'routes/upload/index.tsx'),
    route('upload/info', 'routes/upload/info.tsx'),
    route('upload/confirm', 'routes/upload/confirm.tsx'),
    route('upload/result', 'routes/upload/result.tsx'),
    route('updatePaperInfo', 'routes/manuscripts/update-paper-info.tsx'),

    // Unknown URLs: 404 with the 404 page inside the default layout.
    route('*', 'routes/not-found.tsx'),
  ]),
  // -- sign-in: no-footer layout (/login) --
  layout('routes/layouts/no-footer.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('login/confirm', 'routes/auth/confirm-temporary.tsx'),
    // -- personal centre: no footer, wide header --
    route('personal', 'routes/personal/layout.tsx', [
      index('routes/personal/home.tsx'),
      route('index', 'routes/personal/index.tsx'),
      route('account', 'routes/personal/account/layout.tsx', [
        index('routes/personal/account/profile.tsx'),
        route('security', 'routes/personal/account/security.tsx'),
        route('verification', 'routes/personal/account/verification.tsx'),
        route('invoice', 'routes/personal/account/invoice.tsx'),
        route('feedback', 'routes/personal/account/feedback.tsx'),
      ]),
      // the face recognition's status, polled by /personal/account/verification (JSON)
      route('account/verification/face', 'routes/personal/account/face-status.ts'),
      // -- personal centre: manuscripts --
      route('manuscripts/achievements', 'routes/personal/manuscripts/achievements.tsx'),
      route('manuscripts/:id/preview/:type', 'routes/personal/manuscripts/preview.tsx'),
      route('manuscripts', 'routes/personal/manuscripts/list.tsx'),
      route('manuscripts/:id', 'routes/personal/manuscripts/detail.tsx'),
      route('manuscripts/:id/retract', 'routes/personal/manuscripts/retract.tsx'),
      route('manuscripts/:id/payment', 'routes/personal/manuscripts/payment.tsx'),
      route('manuscripts/:id/download/:what', 'routes/personal/manuscripts/download.ts'),
      route('histroy', 'routes/personal/history.tsx'),
      route('message', 'routes/personal/message.tsx'),
      route('message/retraction', 'routes/personal/retraction.ts'),
    ]),
  ]),
] satisfies RouteConfig;
