import { RETRACTION_RESPONSE_PATH } from '~/backend/endpoints/personal.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast } from '~/lib/action-result.server';
import type { Route } from './+types/retraction';
import { backendFileHeaders } from '~/lib/file-headers';

/** /personal/message/retraction?id=: the 撤稿回执 PDF of a type-3 message, streamed from the backend (marks it read). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = new URL(request.url).searchParams.get('id') ?? '';
  if (!/^\d{1,12}$/.test(id)) throw new Response(null, { status: 404 });
  const response = await backendFor(request, context).raw(RETRACTION_RESPONSE_PATH, { id }, 'application/pdf');
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !type.includes('pdf')) {
    response.body?.cancel().catch(() => {});
    return redirectWithToast(context, '/personal/message', '撤稿回执不存在', 'error');
  }
  return new Response(response.body, { headers: backendFileHeaders(response.headers) });
}
