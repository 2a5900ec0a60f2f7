import type { BrowserContext } from '@playwright/test';

export const PHONE_CPU_SLOWDOWN: number;
export function measureBenchmarkIndex(context: BrowserContext): Promise<number>;
export function phoneCpuSlowdown(benchmarkIndex: number): number;
