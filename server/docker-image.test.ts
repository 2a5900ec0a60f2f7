import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The container image as the Dockerfile describes it. No Docker engine runs on the
 * development machines, so this checks the recipe: the runtime stage starts the same
 * entry point the README's `npm run serve` does, as a non-root user, from production
 * dependencies only, and nothing in it installs a compiler. That the entry point needs
 * nothing else is checked by running it (server/first-run.integration.test.ts).
 */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1).map((stage) => `FROM ${stage}`);
const runtime = stages.find((stage) => /^FROM \S+ AS runtime/m.test(stage)) ?? '';

describe('the Docker image', () => {
  it('runs build/portal/main.js as the unprivileged node user', () => {
    expect(runtime).toMatch(/^CMD \["node", "build\/portal\/main\.js"\]$/m);
    const user = runtime.search(/^USER node$/m);
    expect(user).toBeGreaterThan(-1);
    expect(user).toBeLessThan(runtime.search(/^CMD /m));
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).toMatch(/chown node:node \/app\/data/);
  });

  it('installs no compiler in any stage', () => {
    expect(dockerfile).not.toMatch(/apt-get|apk add|build-essential|\bg\+\+|\bgcc\b|\bmake\b|python3/);
  });

  it('carries production dependencies only, and the SQLite driver only when asked', () => {
    expect(dockerfile).toMatch(/npm prune --omit=dev --omit=optional/);
    expect(dockerfile).toMatch(/ARG WITH_SANDBOX=0/);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; optionalDependencies?: Record<string, string> };
    expect(pkg.dependencies['better-sqlite3']).toBeUndefined();
    expect(pkg.optionalDependencies?.['better-sqlite3']).toBeDefined();
  });
});
