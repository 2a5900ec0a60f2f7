import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest as one cached asset (docs/decisions/0009-server-rendering-costs.md).
  routeDiscovery: { mode: 'initial' },
  // BUILD_DIR lets parallel builds (e.g. several e2e runs) use their own folder.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // React Router v8's behaviour where it costs nothing today; the other three wait for
  // the move to v8 (docs/decisions/0020-first-run.md says why).
  future: {
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
