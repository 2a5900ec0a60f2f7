import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/privacy-agreement';
import { DocumentPage } from './PageFrame';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.privacyPolicy.title, description: pages.privacyPolicy.description, origin: data?.origin, path: '/privacyAgreement' });

export default function PrivacyAgreementPage() {
  return <DocumentPage doc={pages.privacyPolicy} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
