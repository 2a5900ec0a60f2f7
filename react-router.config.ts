import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // BUILD_DIR lets parallel builds (e.g. several e2e runs) use their own folder.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
