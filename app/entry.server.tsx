import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './lib/nonce';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Assigned once the render has started; the callbacks below may run before that line.
    // eslint-disable-next-line prefer-const
    let abortTimer: NodeJS.Timeout | undefined;
    // Crawlers and visitors without JS get the whole document at once.
    const waitForAll = loadContext.wholeDocument || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const sendResponse = () => {
      shellRendered = true;
      if (loadContext.wholeDocument) return sendWhole();
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    // One buffer, no web stream in between: the cheapest way to a complete page.
    const sendWhole = () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      pipe(sink);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) sendResponse();
        },
        onAllReady() {
          // The render is complete: the abort timer must not keep it in memory for 11 s.
          clearTimeout(abortTimer);
          if (waitForAll) sendResponse();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, 'render error after the shell was sent');
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logs server-side errors once, with the request id, never the stack to the user. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).logger.error({ err: error, url: new URL(request.url).pathname }, 'unhandled route error');
};
