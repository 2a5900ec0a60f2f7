import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isBackendFailure } from '~/backend/errors';
import { shell as copy } from '~/copy/shell';
import classes from './ErrorPage.module.css';

interface ErrorPageProps {
  code: string;
  title: string;
  text?: string;
  requestId?: string;
  showRetry?: boolean;
}

export function ErrorPage({ code, title, text, requestId, showRetry }: ErrorPageProps) {
  return (
    <main id="main" tabIndex={-1} className={classes.wrap}>
      <div className={classes.card}>
        <p className={classes.code} aria-hidden="true">
          {code}
        </p>
        <h1 className={classes.title}>{title}</h1>
        {text ? <p className={classes.text}>{text}</p> : null}
        <div className={classes.actions}>
          <a href="/" className={classes.primary}>
            {copy.errors.backHome}
          </a>
          {showRetry ? (
            <a href="" className={classes.secondary}>
              {copy.errors.retry}
            </a>
          ) : null}
        </div>
        {requestId ? (
          <p className={classes.requestId}>
            {copy.errors.requestId}：{requestId}
          </p>
        ) : null}
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage code="404" title={copy.errors.notFoundTitle} text={copy.errors.notFoundText} />;
}

/** Picks the page for whatever a route threw: 404, backend failure (502/503/504) or anything else. */
export function RouteErrorPage({ requestId }: { requestId?: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (isBackendFailure(error.data) || [502, 503, 504].includes(error.status)) {
      const id = isBackendFailure(error.data) ? error.data.requestId : requestId;
      return <ErrorPage code={String(error.status)} title={copy.errors.networkTitle} text={copy.errors.networkText} requestId={id} showRetry />;
    }
    if (error.status === 400 || error.status === 405 || error.status === 413) {
      return <ErrorPage code={String(error.status)} title={copy.errors.genericTitle} requestId={requestId} />;
    }
  }
  return <ErrorPage code="500" title={copy.errors.genericTitle} text={copy.errors.genericText} requestId={requestId} showRetry />;
}
