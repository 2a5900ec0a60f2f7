import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/system';
import { FurtherPage } from './FurtherPage';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.furtherPages.system.title, description: pages.furtherPages.system.description, origin: data?.origin, path: '/system' });

export default function SystemPage() {
  return <FurtherPage content={pages.furtherPages.system} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
