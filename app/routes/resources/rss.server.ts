/** Items per feed. */
export const FEED_SIZE = 30;
/** How long feed readers and caches may keep a feed. */
export const FEED_TTL_MINUTES = 60;

export const FEED_HEADERS = {
  'Content-Type': 'application/rss+xml; charset=utf-8',
  'Cache-Control': `public, max-age=${FEED_TTL_MINUTES * 60}`,
  'X-Content-Type-Options': 'nosniff',
};
