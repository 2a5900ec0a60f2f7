import { data, redirect } from 'react-router';
import { Link } from '~/lib/link';
import { attachmentText, CREATE_FILE_TYPES, createFilePreviewPath, type CreateFileType } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast } from '~/lib/action-result.server';
import type { Route } from './+types/preview';
import { manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({ title: loaderData ? copy.preview.title(loaderData.name) : copy.generated.title, noindex: true });

/** The backend's inline URL of a stored file: a path under /api (the portal's proxy), never with a token. */
const INLINE_URL = /^\/api\/attachmentApi\/fileBrowsing\?hash=([0-9a-f]{64})(?:&[^#\s]*)?$/;

/**
 * /personal/manuscripts/:id/preview/:type (type info 稿件信息表, titlePage 标题页, offer 录用通知),
 * opened in a new window: getCreateFilePreviewPath generates the file. A PDF goes to its
 * inline URL through the portal's /api proxy (the hash is unguessable, no token needed); a
 * Word file, which a browser cannot show, is shown here as its text (getString) with a link
 * to download it. A refusal goes back to the manuscript's page with the backend's reason.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const type = params.type as CreateFileType;
  if (!CREATE_FILE_TYPES.includes(type)) throw data(copy.notFound, { status: 404 });
  const name = copy.generated.names[type] ?? type;
  const backend = backendFor(request, context);
  try {
    const preview = await backend.call(createFilePreviewPath, { id, type });
    const match = INLINE_URL.exec(preview.url);
    if (!match) return redirectWithToast(context, manuscriptPath(id), copy.preview.failed, 'error');
    if (preview.previewType === 'pdf') return redirect(preview.url);
    const hash = match[1]!;
    const text = await backend.call(attachmentText, { hash });
    return {
      id,
      name,
      fileName: preview.fileName,
      paragraphs: text.text.split('\n').filter((line) => line.trim() !== ''),
      downloadUrl: `${BROWSER_ENDPOINTS.attachmentDownload.path}?hash=${hash}&fileName=${encodeURIComponent(preview.fileName)}`,
    };
  } catch (error) {
    if (error instanceof BackendEnvelopeError) return redirectWithToast(context, manuscriptPath(id), error.backendMessage || copy.preview.failed, 'error');
    throw error;
  }
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { id, name, fileName, paragraphs, downloadUrl } = loaderData;
  const t = copy.preview;
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <div className={classes.header}>
        <h1>{t.title(name)}</h1>
        <div className={classes.actions}>
          <a href={downloadUrl} download={fileName} className={classes.button}>
            {t.download}
          </a>
          <Link to={manuscriptPath(id)}>{t.back}</Link>
        </div>
      </div>
      <p className={classes.meta}>
        {fileName} · {t.note}
      </p>
      <article className={classes.preview} aria-label={fileName} data-testid="file-preview">
        {paragraphs.length ? paragraphs.map((line, i) => <p key={i}>{line}</p>) : <p>{t.empty}</p>}
      </article>
    </main>
  );
}
