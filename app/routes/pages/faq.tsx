import { pages } from '~/copy/pages';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/faq';
import { DocumentPage } from './PageFrame';
import { PUBLIC } from '~/lib/route-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: pages.faq.title, description: pages.faq.description, origin: data?.origin, path: '/frequentlyAskedQuestion' });

export default function FrequentlyAskedQuestionPage() {
  return <DocumentPage doc={pages.faq} />;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
