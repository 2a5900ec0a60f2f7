import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/user-agreement';
import { DocumentPage } from './PageFrame';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.userAgreement.title, description: pages.userAgreement.description, origin: data?.origin, path: '/userAgreement' });

export default function UserAgreementPage() {
  return <DocumentPage doc={pages.userAgreement} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
