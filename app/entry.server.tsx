import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { NonceProvider } from './lib/nonce';
import { collectInto, renderSettledDocument, renderStreamingDocument, settleHandoff } from './lib/render-document.server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleDocumentRequestFunction, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 10_000;

function app(request: Request, routerContext: EntryContext, nonce: string) {
  return (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
}

/**
 * Every document: rendered in one synchronous pass once the loader data is settled
 * (decision 0010), or streamed when part of it can only finish that way.
 */
const handleRequest: HandleDocumentRequestFunction = async (request, responseStatusCode, responseHeaders, routerContext, loadContext) => {
  await settleHandoff(routerContext);
  const html = renderSettledDocument(app(request, routerContext, loadContext.cspNonce));
  if (html === null) return streamDocument(request, responseStatusCode, responseHeaders, routerContext, loadContext);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const body = loadContext.wholeDocument ? Buffer.from(html) : html;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
};
export default handleRequest;

/** React Router's way: React's streaming renderer (also the reference the settled render is tested against). */
export const streamDocument: HandleDocumentRequestFunction = (request, responseStatusCode, responseHeaders, routerContext, loadContext) => {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Promise<Response>((resolve, reject) => {
    renderStreamingDocument(app(request, routerContext, loadContext.cspNonce), {
      nonce: loadContext.cspNonce,
      // Crawlers and visitors without JS get the whole document at once.
      waitForAll: Boolean(loadContext.wholeDocument) || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode,
      timeoutMs: streamTimeout + 1000,
      onShellError: reject,
      onError(error, shellSent) {
        responseStatusCode = 500;
        if (shellSent) loadContext.logger.error({ err: error }, 'render error after the shell was sent');
      },
      onReady(pipe) {
        if (loadContext.wholeDocument) {
          // One buffer, no web stream in between: the cheapest way to a complete page.
          pipe(collectInto((body) => resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }))));
          return;
        }
        const body = new PassThrough();
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
    });
  });
};

/** Logs server-side errors once, with the request id, never the stack to the user. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).logger.error({ err: error, url: new URL(request.url).pathname }, 'unhandled route error');
};
