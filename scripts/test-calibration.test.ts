import { afterEach, describe, expect, it } from 'vitest';
import { measureWorkloadMs, scaledMs, slowness } from './test-calibration';

const saved = process.env.SHOWROOM_TEST_SLOWNESS;
afterEach(() => {
  process.env.SHOWROOM_TEST_SLOWNESS = saved;
});

describe("the suite's calibration", () => {
  it('times a fixed workload: a positive number of milliseconds', () => {
    expect(measureWorkloadMs()).toBeGreaterThan(0);
  });

  it('hands the factor the run measured to every worker, and scales limits by it', () => {
    // vitest.config.ts measured it before this worker started.
    expect(Number(saved)).toBeGreaterThanOrEqual(1);
    process.env.SHOWROOM_TEST_SLOWNESS = '2.5';
    expect(slowness()).toBe(2.5);
    expect(scaledMs(1000)).toBe(2500);
  });

  it('never makes a limit shorter than on the reference machine', () => {
    process.env.SHOWROOM_TEST_SLOWNESS = '0.5';
    // Refused as given: measured instead, and never below 1.
    expect(slowness()).toBeGreaterThanOrEqual(1);
  });
});
