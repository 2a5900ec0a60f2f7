import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/open-access';
import { FurtherPage } from './FurtherPage';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.furtherPages.openAccess.title, description: pages.furtherPages.openAccess.description, origin: data?.origin, path: '/openAccess' });

export default function OpenAccessPage() {
  return <FurtherPage content={pages.furtherPages.openAccess} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
