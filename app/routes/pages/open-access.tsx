import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/open-access';
import { FurtherPage } from './FurtherPage';

export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data, location }) =>
  pageMeta({ title: pages.furtherPages.openAccess.title, description: pages.furtherPages.openAccess.description, origin: data?.origin, path: location.pathname });

export default function OpenAccessPage() {
  return <FurtherPage content={pages.furtherPages.openAccess} />;
}
