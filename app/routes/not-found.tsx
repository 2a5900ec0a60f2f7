import { data } from 'react-router';
import { NotFoundPage } from '~/components/errors/ErrorPage';
import { copy } from '~/copy';
import type { Route } from './+types/not-found';

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
