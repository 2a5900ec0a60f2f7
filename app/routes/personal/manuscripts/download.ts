import { PAYMENT_RECEIPT_PATH } from '~/backend/endpoints/fund.server';
import {
  DOWNLOAD_BY_TYPE_PATH,
  DOWNLOAD_MANUSCRIPT_PATH,
  DOWNLOAD_OFFER_PATH,
  DOWNLOAD_PROOF_PATH,
  DOWNLOAD_TITLE_PACKAGE_PATH,
  DOWNLOAD_WORD_PATH,
  generateOffer,
} from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { envelopeSchema } from '../../../../contract/envelope';
import { manuscripts as copy } from '~/copy/manuscripts';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast } from '~/lib/action-result.server';
import type { Route } from './+types/download';
import { manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import { backendFileHeaders } from '~/lib/file-headers';

const FILE_KINDS = ['original', 'revision', 'edited', 'proof', 'offer', 'response', 'receipt'];
const NUMBER = /^\d{1,12}$/;

/** The backend call of each download: `manuscript?fileId=`, `file?type=&version=`, `word`, `offer`, `proof`, `title-package`, `receipt`. */
function target(what: string, id: number, url: URL): { path: string; query: Record<string, string | number> } | null {
  const fileId = url.searchParams.get('fileId');
  const version = url.searchParams.get('version');
  switch (what) {
    case 'manuscript':
      return { path: DOWNLOAD_MANUSCRIPT_PATH, query: { id, ...(fileId && NUMBER.test(fileId) ? { fileId } : {}) } };
    case 'file': {
      const type = url.searchParams.get('type') ?? '';
      if (!FILE_KINDS.includes(type)) return null;
      return { path: DOWNLOAD_BY_TYPE_PATH, query: { id, type, ...(version && NUMBER.test(version) ? { version } : {}) } };
    }
    case 'word':
      // The latest Word version, else a generated 稿件信息表 (downloadWord).
      return { path: DOWNLOAD_WORD_PATH, query: { id } };
    case 'offer':
      return { path: DOWNLOAD_OFFER_PATH, query: { id } };
    case 'proof':
      return { path: DOWNLOAD_PROOF_PATH, query: { id } };
    case 'title-package':
      return { path: DOWNLOAD_TITLE_PACKAGE_PATH, query: { id } };
    case 'receipt':
      return { path: PAYMENT_RECEIPT_PATH, query: { paperId: id } };
    default:
      return null;
  }
}

/** A file answer, as opposed to the JSON envelope of a refusal. */
function isFile(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return response.ok && !/^application\/json/i.test(type);
}

/** The refusal's Chinese message (the envelope), or null when the answer is not one. */
async function refusalMessage(response: Response): Promise<string | null> {
  try {
    const envelope = envelopeSchema.safeParse(await response.json());
    return envelope.success ? envelope.data.message || null : null;
  } catch {
    return null;
  }
}

/**
 * /personal/manuscripts/:id/download/:what: the manuscript's files streamed from the
 * backend with its own name and type (never buffered here). The acceptance letter is
 * generated first when the backend has none yet (generateOffer). A refusal goes back to
 * the manuscript's page with the backend's reason.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const call = target(params.what ?? '', id, new URL(request.url));
  if (!call) throw new Response(null, { status: 404 });
  const backend = backendFor(request, context);
  let response = await backend.raw(call.path, call.query);
  if (!isFile(response) && params.what === 'offer') {
    const message = await refusalMessage(response);
    // 录用通知尚未生成: generate it, then download it.
    if (message?.includes('尚未生成')) {
      try {
        await backend.call(generateOffer, { id });
      } catch (error) {
        if (error instanceof BackendEnvelopeError) return redirectWithToast(context, manuscriptPath(id), error.backendMessage || copy.download.failed, 'error');
        throw error;
      }
      response = await backend.raw(call.path, call.query);
    } else {
      return redirectWithToast(context, manuscriptPath(id), message ?? copy.download.failed, 'error');
    }
  }
  if (!isFile(response)) {
    const message = await refusalMessage(response);
    return redirectWithToast(context, manuscriptPath(id), message ?? copy.download.failed, 'error');
  }
  const headers = new Headers(backendFileHeaders(response.headers));
  const length = response.headers.get('Content-Length');
  if (length) headers.set('Content-Length', length);
  return new Response(response.body, { headers });
}
