/** One cold load on the bench's throttled phone, on the page's own clock. */
export interface PhoneLoad {
  firstPaintMs: number;
  hydratedMs: number;
  /** The CPU slowdown of this load, scaled to the host's speed (bench/host-speed.mjs). */
  cpuSlowdown: number;
}

export function phoneTimings(
  base: string,
  paths: string[],
  options?: { loads?: number; hydrationTimeoutMs?: number; executablePath?: string },
): Promise<{ path: string; loads: PhoneLoad[] }[]>;
