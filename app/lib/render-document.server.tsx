import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

/**
 * The two ways entry.server renders a document (decision 0010).
 *
 * Our loaders return settled data (no deferred promises), so by the time React renders,
 * everything a page shows is known. The only thing React Router still streams is the
 * loader data handed to the browser (`serverHandoffStream`), read chunk by chunk by its
 * `StreamTransfer` component, which suspends until each chunk arrives.
 *
 * `renderSettledDocument` reads that stream first and gives StreamTransfer the chunks it
 * would have read, in the cache it reads them from, then renders the document in one
 * synchronous pass to a string: no Suspense round trips, no stream of byte chunks. It
 * costs about half of a streamed render of the same page, for byte-identical HTML (a
 * test renders the public pages both ways and compares them).
 *
 * When anything in the page does suspend or fail inside a boundary (a lazy component
 * not yet loaded, a component that throws), the synchronous render cannot finish it:
 * it answers `null` and the caller renders with the streaming renderer, which can.
 */

type HandoffChunk = Promise<void> & { result?: { done: boolean; value: string } };

/** Marks a Suspense boundary the server gave up on ("render this in the browser"). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Reads React Router's loader-data stream to its end and stores each chunk where its
 * StreamTransfer looks first (`renderMeta.streamCache[index]`), decoded the same way.
 */
export async function settleHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: Record<number, HandoffChunk> = {};
  try {
    for (let index = 0; ; index++) {
      const { done, value } = await reader.read();
      const chunk: HandoffChunk = Promise.resolve();
      chunk.result = { done, value: value ? decoder.decode(value, { stream: true }) : '' };
      cache[index] = chunk;
      if (done) break;
    }
  } finally {
    // StreamTransfer asks the stream for a reader of its own; it will never need to read.
    reader.releaseLock();
  }
  (context.renderMeta as { streamCache?: Record<number, HandoffChunk> }).streamCache = cache;
}

/** The whole document as a string, or null when part of it could only finish by streaming. */
export function renderSettledDocument(app: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(app);
  } catch {
    // Suspended outside any boundary, or failed: the streaming renderer decides what to send.
    return null;
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  // The streaming renderer writes the doctype for an <html> root; renderToString does not.
  return html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html;
}

export interface StreamingRenderOptions {
  nonce: string;
  /** Wait for every Suspense boundary before sending anything (crawlers, no-JS, cached pages). */
  waitForAll: boolean;
  timeoutMs: number;
  onShellError: (error: unknown) => void;
  onError: (error: unknown, shellSent: boolean) => void;
  /** Receives the rendered bytes as a Node stream to pipe into. */
  onReady: (pipe: (destination: Writable) => void) => void;
}

/** React's streaming renderer, for documents the synchronous pass could not finish. */
export function renderStreamingDocument(app: ReactElement, options: StreamingRenderOptions): void {
  let shellSent = false;
  // Assigned once the render has started; the callbacks below may run before that line.
  // eslint-disable-next-line prefer-const
  let abortTimer: NodeJS.Timeout | undefined;
  const send = () => {
    shellSent = true;
    options.onReady(pipe);
  };
  const { pipe, abort } = renderToPipeableStream(app, {
    nonce: options.nonce,
    onShellReady() {
      if (!options.waitForAll) send();
    },
    onAllReady() {
      // The render is complete: the abort timer must not keep it in memory any longer.
      clearTimeout(abortTimer);
      if (options.waitForAll) send();
    },
    onShellError(error: unknown) {
      clearTimeout(abortTimer);
      options.onShellError(error);
    },
    onError(error: unknown) {
      options.onError(error, shellSent);
    },
  });
  abortTimer = setTimeout(abort, options.timeoutMs);
}

/** Collects a streamed document into one buffer (for pages rendered whole). */
export function collectInto(onDone: (body: Buffer<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      onDone(Buffer.concat(chunks));
      done();
    },
  });
}
