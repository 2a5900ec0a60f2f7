import type { Config } from '@react-router/dev/config';

// React Router's defaults; the benchmark builds into a folder of its own (REFERENCE_BUILD_DIR).
export default { ssr: true, buildDirectory: process.env.REFERENCE_BUILD_DIR ?? 'build' } satisfies Config;
