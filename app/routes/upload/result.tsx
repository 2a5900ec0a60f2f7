import { data } from 'react-router';
import { Link } from '~/lib/link';
import { paperShow } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { Steps } from '~/components/upload/Steps';
import { upload as copy } from '~/copy/upload';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/result';
import { paperIdFrom } from './draft.server';
import classes from '~/styles/upload.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.result.title, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = paperIdFrom(request);
  try {
    return { paper: await backendFor(request, context).call(paperShow, { id }) };
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage, { status: 404 });
    throw error;
  }
}

/** The manuscript number and the next steps; a draft that is not submitted yet: how to retry. */
export default function UploadResult({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  const submitted = paper.status !== 'draft';
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <h1>{submitted ? copy.result.title : copy.result.failedTitle}</h1>
      <Steps current={submitted ? 3 : 2} />
      <section className={classes.section} role="status">
        {submitted ? (
          <>
            <dl className={classes.dl}>
              <dt>{copy.result.number}</dt>
              <dd data-testid="manuscript-no">{paper.manuscriptNo}</dd>
              <dt>{copy.info.fields.title}</dt>
              <dd>{paper.title}</dd>
              <dt>{copy.labels.journal}</dt>
              <dd>{paper.journalName}</dd>
            </dl>
            <p>{copy.result.next}</p>
            <div className={classes.actions}>
              <Link to={`/personal/manuscripts/${paper.id}`} className={classes.button}>
                {copy.result.detail}
              </Link>
              <Link to="/personal/manuscripts" className={classes.secondary}>
                {copy.result.list}
              </Link>
              <Link to={`/upload?redirectGch=${encodeURIComponent(paper.gch ?? '')}`} className={classes.secondary}>
                {copy.result.again}
              </Link>
            </div>
          </>
        ) : (
          <Link to={`/upload/confirm?paperId=${paper.id}`} className={classes.button}>
            {copy.result.retry}
          </Link>
        )}
      </section>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
