/**
 * What a first run needs to know about time: at the start, how slow this machine is right now
 * (scripts/test-calibration.ts) and how long the run should take here, with a word when the
 * machine is slow; at the end, the ten slowest files, where time goes.
 */
import path from 'node:path';
import type { Reporter, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { expectedSeconds } from './test-sequencer.ts';

/** From this factor on, the machine is called slow (three-halves of the reference machine's time). */
const SLOW = 1.5;

const minutes = (seconds: number) => (seconds < 90 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`);

export class SuiteTimeReporter implements Reporter {
  private vitest!: Vitest;

  constructor(private readonly factor: number) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (!specifications.length) return;
    const workers = Math.max(1, this.vitest.config.maxWorkers ?? 1);
    // Files measured here before already carry this machine's pace; estimates are the reference machine's.
    const total = specifications.reduce((sum, spec) => {
      const { seconds, measured } = expectedSeconds(this.vitest, spec);
      return sum + (measured ? seconds : seconds * this.factor);
    }, 0);
    const pace = `This machine works at 1/${this.factor} of the reference machine's pace (scripts/test-calibration.ts); the time limits are scaled by ${this.factor}.`;
    const slow = this.factor >= SLOW ? ' It is slow (or busy) now, so the run takes longer.' : '';
    this.vitest.logger.log(`${pace}${slow} ${specifications.length} file${specifications.length === 1 ? '' : 's'} on ${workers} worker${workers === 1 ? '' : 's'}: expect about ${minutes(total / workers)}.`);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length < 2) return;
    const root = this.vitest.config.root;
    const slowest = [...testModules]
      .map((m) => ({ file: path.relative(root, m.moduleId), project: m.project.name, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    this.vitest.logger.log(['The ten slowest files:', ...slowest.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file} (${f.project})`)].join('\n'));
  }
}
