import { useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from 'react-router';

/** The hydration data of the page the server renders; throws outside React Router's framework mode. */
function usePageRender() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (!framework || !dataRouter || !state) throw new Error('The hydration scripts render inside React Router (framework mode)');
  return { framework, isServer: dataRouter.static && Boolean(dataRouter.staticContext), matches: state.matches };
}

type PageRender = ReturnType<typeof usePageRender>;

/**
 * The modules the page loads to hydrate, by role: the manifest, the shared chunks and each
 * matched route's modules (its main module, and any client loader or action split from it),
 * imported together; then the entry and any chunk of its own that those did not import.
 */
function pageModuleGraph({ framework: { manifest }, matches }: PageRender) {
  const routes = matches.map((match) => {
    const route = manifest.routes[match.route.id];
    if (!route) throw new Error(`Route ${match.route.id} not found in the manifest`);
    const modules = [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule, route.module];
    return { id: match.route.id, chunks: route.imports ?? [], modules: modules.filter((module): module is string => Boolean(module)) };
  });
  const chunks = [...new Set(routes.flatMap((route) => route.chunks))];
  const imported = [manifest.url, ...chunks, ...routes.flatMap((route) => route.modules)];
  const entry = [...(manifest.entry.imports ?? []), manifest.entry.module].filter((module) => !imported.includes(module));
  return { routes, chunks, imported, entry, entryModule: manifest.entry.module };
}

/**
 * A style sheet (21-26 KB compressed) that takes this long to download, first byte to last,
 * came over a slow link: under about 2 Mbit/s. The download alone is timed, not the wait
 * before it, which a busy processor or a cold start lengthens on any link.
 */
const SLOW_SHEET_DOWNLOAD_MS = 100;

/**
 * On a slow link, fetches the page's modules while the first paint is laid out. The script
 * at the end of the body asks for them only once that paint is on the screen (0.7-1 s on a
 * phone at CPU x4), and the link would idle meanwhile. This script comes right after the
 * style sheet, so the browser runs it once the sheet is in; when the sheet took
 * `SLOW_SHEET_DOWNLOAD_MS` or more to download, it asks for every module of the page at once
 * (`<link rel="modulepreload">`), and they arrive by the time the page imports them.
 * On a fast link, or with the sheet in the cache, it does nothing: the modules would only
 * compete with the first paint, and arrive moments later anyway (decision 0046).
 */
export function EarlyModulesOnSlowLinks({ nonce }: { nonce: string }) {
  const page = usePageRender();
  const script = useMemo(() => {
    if (!page.isServer) return ' ';
    const { imported, entry } = pageModuleGraph(page);
    return `(function(){var sheet=document.querySelector('link[rel=stylesheet]'),timing=sheet&&performance.getEntriesByName(sheet.href)[0];if(!timing||timing.responseEnd-timing.responseStart<${SLOW_SHEET_DOWNLOAD_MS})return;${JSON.stringify([...new Set([...imported, ...entry])])}.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link);});})();`;
    // Computed once: the modules of the page the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * Calls `load` once the page's first contentful paint has been presented (the browser's own
 * paint timing, read back when it is already past), at once in a background tab (which
 * paints nothing until it is shown), and after the next frame where paint timing is missing.
 */
const AFTER_FIRST_PAINT =
  "if(document.visibilityState==='hidden')return load();" +
  "if(((window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[]).indexOf('paint')<0)return requestAnimationFrame(function(){setTimeout(load);});" +
  "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();load();}}).observe({type:'paint',buffered:true});";

/**
 * The scripts that hydrate a document: what React Router's `<Scripts>` does, less its
 * `<link rel="modulepreload">` for every module of the page. React hoists those links into
 * the head, where a phone's six connections would fetch about 27 scripts before the one
 * style sheet that blocks the first paint (decision 0026). Without them the head holds the
 * sheet and no script.
 *
 * Two classic scripts: the loader data handed to the browser (whose stream chunks
 * `StreamTransfer` appends), and the one that loads the page's modules. That one waits until
 * the browser has presented the page's first contentful paint, then asks for every module of
 * the page at once: the manifest, the route modules and their chunks by `import()`, the entry
 * by a preload; once the route modules have run it imports the entry, which hydrates. The
 * modules are never asked for before the page is on the screen, so on a fast link their
 * download and compilation never compete with the first paint; on a slow one the script after
 * the sheet has preloaded them already (decisions 0046 and 0051). This app discovers routes
 * from the whole manifest (`routeDiscovery: 'initial'`, react-router.config.ts), so no partial
 * manifest is inlined. In the browser the scripts render empty, as React Router's do:
 * hydration keeps the server's text (`suppressHydrationWarning`) and never runs a script twice.
 */
export function HydrationScripts({ nonce }: { nonce: string }) {
  const page = usePageRender();
  const { framework, isServer } = page;
  // StreamTransfer writes the loader-data chunks only once it knows the scripts are there.
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true;
  const { manifest, serverHandoffString } = framework;

  const [contextScript, modulesScript] = useMemo(() => {
    if (!isServer) return [' ', ' '];
    const streamScript =
      'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());';
    const { routes, chunks, imported, entry, entryModule } = pageModuleGraph(page);
    // `m[i]`, the namespaces of the imported modules in their order, make the route records,
    // merged into one per route as React Router's own script does.
    let next = 1 + chunks.length;
    const routeModules = routes
      .map((route) => {
        const records = route.modules.map(() => `m[${next++}]`);
        const record = records.length === 1 ? records[0] : `Object.assign({},${records.join(',')})`;
        return `${JSON.stringify(route.id)}:${record}`;
      })
      .join(',');
    // The entry may run only after the route modules, so it is preloaded with them (once: on a
    // slow link the script after the sheet has preloaded it already) and imported after them.
    const load = [
      `${JSON.stringify(entry)}.forEach(function(href){if(document.querySelector('link[rel=modulepreload][href="'+href+'"]'))return;var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link);});`,
      `Promise.all(${JSON.stringify(imported)}.map(function(href){return import(href);})).then(function(m){window.__reactRouterRouteModules={${routeModules}};return import(${JSON.stringify(entryModule)});});`,
    ].join('');
    // In development the HMR runtime runs before any module of the app.
    const start = manifest.hmr?.runtime ? `import(${JSON.stringify(manifest.hmr.runtime)}).then(function(){${load}})` : load;
    return [`window.__reactRouterContext = ${serverHandoffString};${streamScript}`, `(function(){function load(){${start}}${AFTER_FIRST_PAINT}})();`];
    // Computed once, as React Router does: the scripts describe the page the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: contextScript }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: modulesScript }} />
    </>
  );
}
