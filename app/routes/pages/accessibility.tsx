import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/accessibility';
import { DocumentPage } from './PageFrame';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.accessibility.title, description: pages.accessibility.description, origin: data?.origin, path: '/accessibility' });

export default function AccessibilityPage() {
  return <DocumentPage doc={pages.accessibility} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
