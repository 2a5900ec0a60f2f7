import { PUBLIC_FILE, reading } from '~/lib/route-policy';
import type { Route } from './+types/oai';
import { oaiAnswer } from './oai.server';

/** /oai: the OAI-PMH 2.0 interface (app/lib/oai.ts), by GET or by a form POST, as the protocol allows. */
export function loader({ request, context }: Route.LoaderArgs) {
  return oaiAnswer(new URL(request.url).searchParams, request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded') ? await request.text() : '';
  return oaiAnswer(new URLSearchParams(form), request, context);
}

/**
 * Harvesters are welcome: cache, robots and body limits of this route (app/lib/route-policy.ts).
 * The protocol's arguments; any other is answered with badArgument, so the route sees it.
 */
export const handle = {
  policy: { ...reading(PUBLIC_FILE, 'verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken').policy, answersUnknownQuery: true },
};
