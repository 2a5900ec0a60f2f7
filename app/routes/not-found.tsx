import { data } from 'react-router';
import { NotFoundPage } from '~/components/errors/ErrorPage';
import { copy } from '~/copy';
import type { Route } from './+types/not-found';
import { PUBLIC } from '~/lib/route-policy';

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: `${copy.errors.notFoundTitle} - ${copy.site.name}` }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
