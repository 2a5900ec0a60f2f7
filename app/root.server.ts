import { data, type AppLoadContext } from 'react-router';
import { getBottomBar, getPromptNotice } from './backend/endpoints/home.server';
import { readCookie } from './session/cookie.server';
import { sanitizeRichText } from './lib/sanitize.server';
import { REMINDER_COOKIE } from './lib/reminder';
import { EMPTY_FOOTER, safeHref, type FooterData, type FooterLink } from './lib/footer';
import type { PublicSession } from './lib/public-session';
import { backendFor, getSession } from './session/session.server';
import { takeFlash } from './lib/flash.server';
import { runStartup } from './session/startup.server';
import type { FooterLinkRecord } from './backend/endpoints/home.server';
import { unreadNumber } from './backend/endpoints/personal.server';
import { isAuthorSession } from './session/guard.server';
import { createTtlCache } from './lib/ttl-cache.server';

/**
 * The footer and the notice prompt are the same for everyone: fetched without a token,
 * at most once per PUBLIC_DATA_TTL_MS in this process, not on every page render.
 */
const PUBLIC_DATA_TTL_MS = 30_000;
const footerCache = createTtlCache<FooterData>(PUBLIC_DATA_TTL_MS);
const noticeCache = createTtlCache<{ title: string; html: string } | null>(PUBLIC_DATA_TTL_MS);

/** Footer link types (docs/product.md#entities): 1 and 2 are the two columns, 3-5 the friendly-link dropdowns. */
const MESSAGE_COLUMN = 1;
const RELATED_COLUMN = 2;

function toFooterLink(record: FooterLinkRecord): FooterLink | null {
  const href = safeHref(record.link_address);
  if (!href) return null;
  return { title: record.title, href, clickable: record.link_status === 1, external: record.link_type === 2 };
}

function compact<T>(items: (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}

async function loadFooter(request: Request, context: AppLoadContext): Promise<FooterData> {
  try {
    return await footerCache.get(async () => {
      const groups = await backendFor(request, context, { token: null }).call(getBottomBar);
      const footer: FooterData = { messageLinks: [], relatedLinks: [], friendlyGroups: [] };
      for (const group of groups) {
        const links = compact(group.list.map(toFooterLink));
        if (group.type === MESSAGE_COLUMN) footer.messageLinks = links;
        else if (group.type === RELATED_COLUMN) footer.relatedLinks = links;
        else footer.friendlyGroups.push({ title: group.name ?? '', links });
      }
      return footer;
    });
  } catch {
    // The footer is not worth failing a page for: render it without its links.
    return EMPTY_FOOTER;
  }
}

/** Shown when the notice has content and no `customer` cookie exists (docs/product.md#widgets). */
async function loadNotice(request: Request, context: AppLoadContext): Promise<{ title: string; html: string } | null> {
  if (readCookie(request.headers.get('Cookie'), REMINDER_COOKIE)) return null;
  try {
    return await noticeCache.get(async () => {
      const notice = await backendFor(request, context, { token: null }).call(getPromptNotice, { type: 1 });
      const html = sanitizeRichText(notice?.content);
      return html.trim() ? { title: notice?.title || '温馨提示', html } : null;
    });
  } catch {
    return null;
  }
}

/** Header badge: the signed-in author's unread messages; a 403 still clears the session. */
async function loadUnreadCount(request: Request, context: AppLoadContext, signedIn: boolean): Promise<number> {
  if (!signedIn) return 0;
  try {
    return await backendFor(request, context).call(unreadNumber);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return 0;
  }
}

export async function loadRootData(request: Request, context: AppLoadContext) {
  const session = getSession(request, context);
  // Temporary-token sign-in, role check, gch (may redirect) (docs/product.md#startup).
  await runStartup(request, context, session);
  const publicSession: PublicSession = {
    currentUser: session ? { username: session.user.username, headImgUrl: session.user.headImgUrl, type: session.user.type } : null,
    currentRole: session?.role ?? null,
    employeeType: session?.employeeType ?? null,
    unreadCount: 0,
  };
  const [footer, notice, unreadCount] = await Promise.all([
    loadFooter(request, context),
    loadNotice(request, context),
    loadUnreadCount(request, context, isAuthorSession(session)),
  ]);
  publicSession.unreadCount = unreadCount;
  // A message set before a redirect (登录成功, 403…): shown once, then cleared.
  const { flash, clear } = takeFlash(request, context);
  // The public origin: structured data on any page (breadcrumbs) names absolute URLs.
  return data({ ...publicSession, footer, notice, flash, origin: context.runtime.publicOrigin }, clear ? { headers: { 'Set-Cookie': clear } } : undefined);
}
