import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest as one cached asset (docs/decisions/0009-server-rendering-costs.md).
  routeDiscovery: { mode: 'initial' },
  // BUILD_DIR lets parallel builds (e.g. several e2e runs) use their own folder.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
