/**
 * `react-dom/client` in the browser's production build, where React and React DOM are
 * Preact's compatibility layer (decision 0045): the same components, about 50 KB less
 * compressed script for a phone to fetch and evaluate before the page responds.
 *
 * Two things differ from React's `hydrateRoot(document, …)`:
 * - Preact adopts the children of the node it is given, and for a document those are the
 *   children of `<html>`; React Router's root renders `<html>` itself. The document is
 *   handed over as a parent whose one child is `<html>`, so the server's `<html>`, `<head>`
 *   and `<body>` are adopted instead of a second `<html>` being built inside the first.
 * - React Router's `HydratedRouter` suspends until the loader data in the document is
 *   decoded. React's root waits; Preact needs a Suspense boundary, which keeps the server's
 *   markup in place meanwhile.
 * - React hydrates in 5 ms slices; Preact in one task, here cut into several (below).
 */
import type { ComponentChildren } from 'preact';
import { createElement, hydrate, render, Suspense } from 'preact/compat';
import { unstable_prepareHydratedRouter as prepareRouter } from 'react-router/dom';
import { sliceHydration } from './hydration-slice';

export { createRoot } from 'preact/compat/client';

function documentAsParent(document: Document): Element {
  const html = document.documentElement;
  return {
    nodeType: Node.ELEMENT_NODE,
    namespaceURI: html.namespaceURI,
    ownerDocument: document,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  } as unknown as Element;
}

/**
 * Hydration is spread over tasks: the loader data in the document is decoded in one, the
 * router is created in three more (React Router's client routes, their hydration data, the
 * router: together the largest single piece, with the first run of its code), then the page
 * is hydrated in slices (app/lib/hydration-slice.tsx).
 */
export function hydrateRoot(container: Document | Element, children: ComponentChildren) {
  const parent = container instanceof Document ? documentAsParent(container) : container;
  sliceHydration();
  const hydrateDocument = () => hydrate(createElement(Suspense, { fallback: null }, children), parent);
  const startRouter = () => {
    try {
      if (!prepareRouter()) {
        setTimeout(startRouter);
        return;
      }
    } catch (decoding) {
      // Still decoding: try again once it is done. A failed decoding is left to the render,
      // where React Router reports it.
      if (decoding instanceof Promise) {
        decoding.then(
          () => setTimeout(startRouter),
          () => setTimeout(hydrateDocument),
        );
        return;
      }
    }
    setTimeout(hydrateDocument);
  };
  setTimeout(startRouter);
  return {
    render: (next: ComponentChildren) => render(createElement(Suspense, { fallback: null }, next), parent),
    unmount: () => render(null, parent),
  };
}
