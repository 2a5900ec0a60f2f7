import { useEffect, useRef } from 'react';
import { Form, useFetcher, useNavigation, useRevalidator } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { verification as copy } from '~/copy/verification';
import classes from './verification.module.css';

/** Where the page polls the face recognition under way (JSON, read from the sealed cookie). */
export const FACE_STATUS_PATH = '/personal/account/verification/face';
const POLL_MS = 3000;

export interface FaceState {
  status: 'pending' | 'passed' | 'failed' | 'expired';
  statusName: string;
  finishedTime: string | null;
  /** The provider's page, while the recognition waits for the user. */
  url: string | null;
}

interface Props {
  identityVerified: boolean;
  faceVerified: boolean;
  faceVerifiedTime: string | null;
  face: FaceState | null;
}

/** Asks for the result every 3 s while it is pending, and reloads the page once it is known. */
function usePolledStatus(face: FaceState | null): FaceState['status'] | null {
  const fetcher = useFetcher<{ status: FaceState['status'] | 'none' }>();
  const revalidator = useRevalidator();
  const pending = face?.status === 'pending';
  const { load } = fetcher;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load(FACE_STATUS_PATH);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, load]);
  const polled = fetcher.data?.status ?? null;
  const reloaded = useRef(false);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (pending && polled && polled !== 'pending' && !reloaded.current) {
      reloaded.current = true;
      void revalidate();
    }
    if (!pending) reloaded.current = false;
  }, [pending, polled, revalidate]);
  return polled === 'none' ? null : polled;
}

function StartForm({ label }: { label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'faceStart';
  return (
    <Form method="post" action="/personal/account/verification">
      <button type="submit" name="intent" value="faceStart" className={classes.button} disabled={busy} aria-busy={busy || undefined}>
        {busy ? copy.common.saving : label}
      </button>
    </Form>
  );
}

/**
 * 人脸识别: started by a form (the backend opens a ticket and names the provider's page),
 * done on that page in a new window, then the result: polled with JavaScript, a
 * 查看结果 link that reloads the page without it.
 */
export function FaceSection({ identityVerified, faceVerified, faceVerifiedTime, face }: Props) {
  const hydrated = useHydrated();
  usePolledStatus(face);

  let body;
  if (!identityVerified) {
    body = <p className={classes.note}>{copy.face.needIdentity}</p>;
  } else if (faceVerified) {
    body = (
      <p className={`${classes.note} ${classes.noteOk}`} role="status">
        {copy.face.verified}
        {faceVerifiedTime ? `（${copy.face.verifiedAt(faceVerifiedTime)}）` : null}
      </p>
    );
  } else if (face?.status === 'pending' && face.url) {
    body = (
      <>
        <p className={classes.note} role="status">
          <span className="visually-hidden">{copy.face.statusLabel}：</span>
          {copy.face.status.pending}
        </p>
        <div className={classes.actions}>
          <a href={face.url} target="_blank" rel="noopener noreferrer" className={classes.button}>
            {copy.face.open}
            <span className="visually-hidden">{copy.face.opensInNewTab}</span>
          </a>
          {hydrated ? (
            <span className={classes.hint} aria-live="polite">
              {copy.face.polling}
            </span>
          ) : (
            // A GET form without a fragment: going to this very page with #face would only scroll.
            <Form method="get" action="/personal/account/verification" reloadDocument>
              <button type="submit" name="face" value="check" className={classes.secondary}>
                {copy.face.check}
              </button>
            </Form>
          )}
        </div>
      </>
    );
  } else {
    const failed = face && face.status !== 'passed' ? face : null;
    body = (
      <>
        {failed ? (
          <p className={`${classes.note} ${classes.noteBad}`} role="status">
            <span className="visually-hidden">{copy.face.statusLabel}：</span>
            {copy.face.status[failed.status] ?? failed.statusName}
          </p>
        ) : (
          <p className={classes.intro}>{copy.face.intro}</p>
        )}
        <StartForm label={failed ? copy.face.restart : copy.face.start} />
      </>
    );
  }

  return (
    <section id="face" className={classes.section} aria-labelledby="face-title">
      <h2 id="face-title">
        {copy.face.title}
        {faceVerified ? <span className={`${classes.status} ${classes.statusOk}`}>{copy.face.verified}</span> : null}
      </h2>
      {body}
    </section>
  );
}
