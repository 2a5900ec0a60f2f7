// Small per-database LRU caches for search results. Articles change only when the sandbox
// is (re)seeded (clearData / seedDatabase clear these); views and downloads change at
// runtime, so nothing ordered or filtered by them is cached here.
import type { DB } from './db.js';

export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  get size(): number {
    return this.map.size;
  }
}

export interface Facet {
  id: number;
  name: string | null;
  /** For a column: the journal it belongs to. */
  journalName?: string | null;
  count: number;
}

/** Match count and facets of one search. */
export interface SearchSummary {
  total: number;
  facets: { journals: Facet[]; years: { year: number; count: number }[]; columns: Facet[] };
}

export interface ArticleCaches {
  /** Match count and facets per search (query, field, filters). */
  summaries: Lru<SearchSummary>;
  /** Ordered article ids of one page of a search (relevance or date order). */
  pages: Lru<number[]>;
}

const caches = new WeakMap<DB, ArticleCaches>();

export function articleCaches(db: DB): ArticleCaches {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { summaries: new Lru(256), pages: new Lru(512) }));
  return c;
}

/** Forgets every cached search answer of the database (call whenever articles change). */
export function clearArticleCaches(db: DB): void {
  caches.delete(db);
}
