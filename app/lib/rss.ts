/**
 * RSS 2.0 feeds (https://www.rssboard.org/rss-specification) with an Atom self link.
 */
import { escapeXml } from './sitemap';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * RFC 822 date-time (with a four-digit year, as RFC 1123 and the RSS spec do).
 * A backend string (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`) is Beijing time, so it keeps
 * its wall-clock time with the zone `+0800`; a Date is written in GMT.
 * Returns null for anything else.
 */
export function rfc822Date(value: string | Date | null | undefined): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${DAYS[value.getUTCDay()]}, ${pad(value.getUTCDate())} ${MONTHS[value.getUTCMonth()]} ${value.getUTCFullYear()} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())} GMT`;
  }
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim()) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Rejects dates that do not exist (2025-02-30) and out-of-range times.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return `${DAYS[date.getUTCDay()]}, ${pad(day)} ${MONTHS[month - 1]} ${year} ${pad(hour)}:${pad(minute)}:${pad(second)} +0800`;
}

export interface RssItem {
  title: string;
  /** Absolute URL of the item's page. */
  link: string;
  description?: string | null;
  /** Backend date string or Date. */
  pubDate?: string | Date | null;
  category?: string | null;
  /** Names of the authors, one dc:creator each (RSS `author` wants an e-mail address). */
  creators?: string[];
}

export interface RssChannel {
  title: string;
  /** Absolute URL of the site page the feed belongs to. */
  link: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  description: string;
  language?: string;
  /** Defaults to the date of the first dated item (items come newest first). */
  lastBuildDate?: string | Date | null;
  /** Minutes a feed reader may cache the feed. */
  ttl?: number;
  items: readonly RssItem[];
}

const element = (name: string, text: string | null | undefined) => (text ? `<${name}>${escapeXml(text)}</${name}>` : '');

function itemXml(item: RssItem): string {
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    element('description', item.description),
    element('category', item.category),
    ...(item.creators ?? []).map((name) => element('dc:creator', name)),
    element('pubDate', rfc822Date(item.pubDate ?? null)),
    `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    '</item>',
  ].join('');
}

/** The whole RSS document. */
export function buildRss(channel: RssChannel): string {
  const lastBuild = channel.lastBuildDate ?? channel.items.find((item) => item.pubDate)?.pubDate ?? null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language ?? 'zh-CN'),
    element('lastBuildDate', rfc822Date(lastBuild)),
    channel.ttl ? `<ttl>${channel.ttl}</ttl>` : '',
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...channel.items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
