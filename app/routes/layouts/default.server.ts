import type { AppLoadContext } from 'react-router';
import { getBottomBar, getPromptNotice, type FooterLinkRecord } from '~/backend/endpoints/home.server';
import { EMPTY_FOOTER, safeHref, type FooterData, type FooterLink } from '~/lib/footer';
import { REMINDER_COOKIE } from '~/lib/reminder';
import { sanitizeRichText } from '~/lib/sanitize.server';
import { createTtlCache } from '~/lib/ttl-cache.server';
import { readCookie } from '~/session/cookie.server';
import { backendFor } from '~/session/session.server';

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

export async function loadFooter(request: Request, context: AppLoadContext): Promise<FooterData> {
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
export async function loadNotice(request: Request, context: AppLoadContext): Promise<{ title: string; html: string } | null> {
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
