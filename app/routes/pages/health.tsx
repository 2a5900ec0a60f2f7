import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/health';
import { FurtherPage } from './FurtherPage';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.furtherPages.health.title, description: pages.furtherPages.health.description, origin: data?.origin, path: '/health' });

export default function HealthPage() {
  return <FurtherPage content={pages.furtherPages.health} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
