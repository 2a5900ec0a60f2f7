import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/user-guide';
import { DocumentPage } from './PageFrame';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.userGuide.title, description: pages.userGuide.description, origin: data?.origin, path: '/userGuide' });

export default function UserGuidePage() {
  return <DocumentPage doc={pages.userGuide} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
