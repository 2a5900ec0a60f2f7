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

/** Every module the page's module scripts name: the manifest, the route modules and their chunks, the entry and its imports. */
function pageModules({ framework: { manifest }, matches }: PageRender): string[] {
  const modules = [manifest.url];
  for (const match of matches) {
    const route = manifest.routes[match.route.id];
    if (!route) throw new Error(`Route ${match.route.id} not found in the manifest`);
    modules.push(...(route.imports ?? []));
    for (const module of [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule, route.module]) {
      if (module) modules.push(module);
    }
  }
  modules.push(...(manifest.entry.imports ?? []), manifest.entry.module);
  return [...new Set(modules)];
}

/**
 * A style sheet (21-26 KB compressed) that takes this long to download, first byte to last,
 * came over a slow link: under about 2 Mbit/s. The download alone is timed, not the wait
 * before it, which a busy processor or a cold start lengthens on any link.
 */
const SLOW_SHEET_DOWNLOAD_MS = 100;

/**
 * On a slow link, fetches the page's modules while the first paint is laid out. The parser
 * reaches the module scripts at the end of the body only after the first paint's style and
 * layout (0.4-0.5 s on a phone at CPU x4), and the link idles meanwhile. This script comes
 * right after the style sheet, so the browser runs it once the sheet is in; when the sheet
 * took `SLOW_SHEET_DOWNLOAD_MS` or more to download, it asks for every module of the page
 * at once (`<link rel="modulepreload">`), and they arrive by the time the parser finds them.
 * On a fast link, or with the sheet in the cache, it does nothing: the modules would only
 * compete with the first paint, and arrive moments later anyway (decision 0046).
 */
export function EarlyModulesOnSlowLinks({ nonce }: { nonce: string }) {
  const page = usePageRender();
  const script = useMemo(() => {
    if (!page.isServer) return ' ';
    return `(function(){var sheet=document.querySelector('link[rel=stylesheet]'),timing=sheet&&performance.getEntriesByName(sheet.href)[0];if(!timing||timing.responseEnd-timing.responseStart<${SLOW_SHEET_DOWNLOAD_MS})return;${JSON.stringify(pageModules(page))}.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link);});})();`;
    // Computed once: the modules of the page the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * The scripts that hydrate a document: what React Router's `<Scripts>` writes, less its
 * `<link rel="modulepreload">` for every module of the page. React hoists those links into
 * the head, where a phone's six connections would fetch about 27 scripts before the one
 * style sheet that blocks the first paint (decision 0026). Without them the head holds the
 * sheet and no script, and the browser finds the modules from the module scripts at the end
 * of the body, after the sheet.
 *
 * Three scripts: the loader data handed to the browser (whose stream chunks `StreamTransfer`
 * appends); a module script importing the manifest, the page's route modules and every chunk
 * they import; and a module script importing the client entry. Both module scripts name all
 * their modules, so the browser asks for the page's whole module graph as soon as the parser
 * reaches them, in one wave instead of one per level of imports; being deferred, they run in
 * order once the document is parsed, the route modules before the entry that hydrates them.
 * This app discovers routes from the whole manifest (`routeDiscovery: 'initial'`,
 * react-router.config.ts), so no partial manifest is inlined. In the browser the scripts
 * render empty, as React Router's do: hydration keeps the server's text
 * (`suppressHydrationWarning`) and never runs a script twice.
 */
export function HydrationScripts({ nonce }: { nonce: string }) {
  const { framework, isServer, matches } = usePageRender();
  // StreamTransfer writes the loader-data chunks only once it knows the scripts are there.
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true;
  const { manifest, serverHandoffString } = framework;

  const [contextScript, routesScript, entryScript] = useMemo(() => {
    if (!isServer) return [' ', ' ', ' '];
    const streamScript =
      'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());';
    const imports = matches.map((match, index) => {
      const route = manifest.routes[match.route.id];
      if (!route) throw new Error(`Route ${match.route.id} not found in the manifest`);
      const name = `route${index}`;
      const chunks = [
        ...(route.clientActionModule ? [{ module: route.clientActionModule, as: `${name}_clientAction` }] : []),
        ...(route.clientLoaderModule ? [{ module: route.clientLoaderModule, as: `${name}_clientLoader` }] : []),
        ...(route.clientMiddlewareModule ? [{ module: route.clientMiddlewareModule, as: `${name}_clientMiddleware` }] : []),
        ...(route.hydrateFallbackModule ? [{ module: route.hydrateFallbackModule, as: `${name}_HydrateFallback` }] : []),
        { module: route.module, as: `${name}_main` },
      ];
      if (chunks.length === 1) return `import * as ${name} from ${JSON.stringify(route.module)};`;
      return [
        chunks.map((chunk) => `import * as ${chunk.as} from "${chunk.module}";`).join('\n'),
        `const ${name} = {${chunks.map((chunk) => `...${chunk.as}`).join(',')}};`,
      ].join('\n');
    });
    const hmr = manifest.hmr?.runtime ? `import ${JSON.stringify(manifest.hmr.runtime)};` : '';
    const routeModules = matches.map((match, index) => `${JSON.stringify(match.route.id)}:route${index}`).join(',');
    const importEach = (modules: readonly string[]) => modules.map((module) => `import ${JSON.stringify(module)};`).join('\n');
    const routeChunks = new Set(matches.flatMap((match) => manifest.routes[match.route.id]?.imports ?? []));
    return [
      `window.__reactRouterContext = ${serverHandoffString};${streamScript}`,
      `${hmr}import ${JSON.stringify(manifest.url)};
${importEach([...routeChunks])}
${imports.join('\n')}
window.__reactRouterRouteModules = {${routeModules}};`,
      importEach([...(manifest.entry.imports ?? []), manifest.entry.module]),
    ];
    // Computed once, as React Router does: the scripts describe the page the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: contextScript }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: routesScript }} type="module" />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: entryScript }} type="module" />
    </>
  );
}
