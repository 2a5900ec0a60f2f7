import { describe, expect, it } from 'vitest';
import { PHONE_CPU_SLOWDOWN, phoneCpuSlowdown } from './host-speed.mjs';

describe("the bench phone's CPU slowdown", () => {
  it("stays Lighthouse's 4x on a host of the speed that figure is calibrated for", () => {
    expect(PHONE_CPU_SLOWDOWN).toBe(4);
    for (const index of [1500, 1750, 2000]) expect(phoneCpuSlowdown(index)).toBe(4);
  });

  it('is smaller on a slower host and larger on a faster one, in proportion to its speed', () => {
    expect(phoneCpuSlowdown(1200)).toBe(3.2);
    expect(phoneCpuSlowdown(750)).toBe(2);
    expect(phoneCpuSlowdown(2500)).toBe(5);
  });
});
