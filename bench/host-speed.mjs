// The CPU slowdown that turns this host into the bench's phone. Lighthouse's mobile preset slows
// the CPU 4x, a figure its throttling guide calibrates for a host whose BenchmarkIndex is that
// of a high-end desktop (1500 to 2000) and advises adjusting on other hosts. This virtual
// machine's index moves between about 950 and 2100 from one minute to the next, so the index is
// measured just before each simulated or throttled load, with Lighthouse's own benchmark in a
// tab of the same Chromium: inside that range the slowdown stays 4x; below or above it, it is
// scaled by the index against the range's nearer end, so that the phone stays the one the
// preset means (decision 0055).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const PHONE_CPU_SLOWDOWN = 4;
const CALIBRATED_FOR = { min: 1500, max: 2000 };

/** Lighthouse's BenchmarkIndex of the host right now, measured in a fresh tab of `context` (a Playwright browser context). */
export async function measureBenchmarkIndex(context) {
  const tab = await context.newPage();
  try {
    return Math.round(await tab.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
  } finally {
    await tab.close();
  }
}

/** The phone's CPU slowdown on a host of this BenchmarkIndex, to one decimal. */
export function phoneCpuSlowdown(benchmarkIndex) {
  const nearest = Math.min(Math.max(benchmarkIndex, CALIBRATED_FOR.min), CALIBRATED_FOR.max);
  return Math.round(((PHONE_CPU_SLOWDOWN * benchmarkIndex) / nearest) * 10) / 10;
}
