import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/distinguish';
import { FurtherPage } from './FurtherPage';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: pages.furtherPages.distinguish.title,
    description: pages.furtherPages.distinguish.description,
    origin: data?.origin,
    path: '/distinguish',
  });

export default function DistinguishPage() {
  return <FurtherPage content={pages.furtherPages.distinguish} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
