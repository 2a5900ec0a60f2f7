import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PolicyHandle, RoutePolicy } from '../app/lib/route-policy';

/**
 * The route table of a build, with each route's declared policy (app/lib/route-policy.ts):
 * which pattern a path belongs to (the metrics label) and what may be done with it.
 */
export interface ResolvedRoute {
  /** The matched route's full pattern, e.g. `/journal/:id`; `/*` for unknown URLs. */
  pattern: string;
  policy: RoutePolicy;
}

export interface RouteTable {
  /** The route a path (without its query) belongs to; undefined when no route declares a policy for it. */
  resolve(pathname: string): ResolvedRoute | undefined;
  /** Every route with a path of its own: its pattern and policy (undefined when none is declared). */
  routes: { id: string; pattern: string; policy: RoutePolicy | undefined }[];
  /** The robots.txt `Disallow:` values the policies ask for. */
  disallowed: string[];
}

/** What the table keeps of each route, in React Router's `handle` slot of its route objects. */
interface RouteFacts {
  policy: RoutePolicy | undefined;
  fullPattern: string;
}

function policyOf(module: unknown): RoutePolicy | undefined {
  const handle = (module as { handle?: Partial<PolicyHandle> } | undefined)?.handle;
  return handle?.policy;
}

function joinPattern(parent: string, path: string | undefined): string {
  if (!path) return parent;
  return `${parent.replace(/\/$/, '')}/${path}`.replace(/\/+/g, '/');
}

/** How many resolved paths are remembered: ids make paths endless, so the memo is bounded. */
const MEMO_LIMIT = 2000;

export function createRouteTable(build: Pick<ServerBuild, 'routes'>): RouteTable {
  const entries = Object.values(build.routes).filter((route) => route !== undefined);
  const all: { id: string; path: string | undefined; index: boolean; facts: RouteFacts }[] = [];
  function childrenOf(parentId: string | undefined, parentPattern: string, inherited: RoutePolicy | undefined): RouteObject[] {
    return entries
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => {
        const facts: RouteFacts = {
          fullPattern: parentId === undefined ? '/' : joinPattern(parentPattern, route.path),
          policy: policyOf(route.module) ?? inherited,
        };
        // The root wraps every page and has no page of its own.
        if (parentId !== undefined) all.push({ id: route.id, path: route.path, index: Boolean(route.index), facts });
        if (route.index) return { id: route.id, index: true, handle: facts };
        return {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          handle: facts,
          children: childrenOf(route.id, facts.fullPattern, facts.policy),
        };
      });
  }
  const tree = childrenOf(undefined, '/', undefined);

  const memo = new Map<string, ResolvedRoute | undefined>();
  function resolve(pathname: string): ResolvedRoute | undefined {
    if (memo.has(pathname)) return memo.get(pathname);
    const matches = matchRoutes(tree, pathname);
    const leaf = matches?.at(-1)?.route.handle as RouteFacts | undefined;
    const resolved = leaf?.policy ? { pattern: leaf.fullPattern === '/' ? '/' : leaf.fullPattern.replace(/\/$/, ''), policy: leaf.policy } : undefined;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(pathname, resolved);
    return resolved;
  }

  const routes = all
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => ({ id: route.id, pattern: route.facts.fullPattern, policy: route.facts.policy }));

  // Disallow each private route by the fixed part of its pattern, once (a shorter prefix covers longer ones).
  const prefixes = new Set<string>();
  for (const route of routes) {
    if (!route.policy || route.policy.robots === 'allow') continue;
    const fixed = route.pattern.split(/\/[:*]/)[0] || '/';
    prefixes.add(route.policy.robots === 'disallow-queries' ? `${fixed}?` : fixed);
  }
  const sorted = [...prefixes].sort();
  const disallowed = sorted.filter(
    (prefix) => !sorted.some((other) => other !== prefix && !other.endsWith('?') && (prefix.startsWith(`${other}/`) || prefix.startsWith(`${other}.`))),
  );

  return { resolve, routes, disallowed };
}

/** The path a React Router data request (`/news/7.data`, `/_root.data`) stands for. */
export function pagePath(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}
