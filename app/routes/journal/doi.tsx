import { redirect } from 'react-router';
import { inquirePaperId } from '~/backend/endpoints/papers.server';
import { notFound, notFoundMeta, notFoundOnRefusal } from '~/components/reading/route';
import { PUBLIC } from '~/lib/route-policy';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/doi';

/** A DOI: the 10. prefix, a registrant code, a slash and a suffix of printable characters (slashes allowed). */
const DOI = /^10\.\d{4,9}\/[\x21-\x7e]+$/;

/** The DOI named by a `/doi/…` path, decoded once; null when it is not one. */
export function doiFromPath(pathname: string): string | null {
  const rest = pathname.replace(/^\/doi\//, '');
  let doi: string;
  try {
    doi = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return doi.length <= 300 && DOI.test(doi) ? doi : null;
}

/** `/doi/10.1234/abc.2024.01.003`: the article with that DOI (302), or the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const doi = doiFromPath(new URL(request.url).pathname);
  if (!doi) notFound();
  const { paperId } = await backendFor(request, context).call(inquirePaperId, { doi }).catch(notFoundOnRefusal);
  return redirect(`/journal/detail?id=${paperId}`);
}

export const meta: Route.MetaFunction = () => notFoundMeta();

/** Never rendered: the loader redirects or answers 404. */
export default function DoiRedirect() {
  return null;
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
