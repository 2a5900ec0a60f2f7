/** The footer as the UI needs it, normalised from the backend's getBottomBar answer. */
export interface FooterLink {
  title: string;
  href: string;
  clickable: boolean;
  external: boolean;
}

export interface FooterData {
  /** Column 1: message links (合作单位动态, 行业资讯). */
  messageLinks: FooterLink[];
  /** Column 2: related sites. */
  relatedLinks: FooterLink[];
  /** The three friendly-link dropdowns. */
  friendlyGroups: { title: string; links: FooterLink[] }[];
}

export const EMPTY_FOOTER: FooterData = { messageLinks: [], relatedLinks: [], friendlyGroups: [] };

/** Only http(s) and site-relative links are rendered; anything else (javascript:, data:) is dropped. */
export function safeHref(address: string): string | null {
  const value = address.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
