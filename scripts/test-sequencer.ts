/**
 * The order test files start in. Project by project, the one with the most work first: a worker
 * keeps its loaded modules only within a project, so every switch of project costs a worker a cold
 * start. Within a project, the longest file first, so that the lanes end together instead of one
 * waiting for a long file that started last. A file's length is what
 * Vitest measured on this machine the last time (its results cache); a file it never measured (a
 * clean clone, a new file) is estimated from its size and its project: a browser journey or a test
 * that starts processes takes far longer per line than a unit test.
 */
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node';

/** Seconds per kilobyte of test file, by project, read off this machine's runs. */
const SECONDS_PER_KB: Record<string, number> = { e2e: 1.2, slow: 1.5, 'slow-postgres': 1.5, 'server-postgres': 0.5, server: 0.5, 'unit-isolated': 0.15, unit: 0.1 };

/** A file's expected length in seconds: measured here last time, or estimated from its size. */
export function expectedSeconds(vitest: Vitest, spec: TestSpecification): { seconds: number; measured: boolean } {
  const key = `${spec.project.name}:${spec.moduleId.slice(vitest.config.root.length + 1)}`;
  const measured = vitest.cache.getFileTestResults(key)?.duration;
  if (measured !== undefined) return { seconds: measured / 1000, measured: true };
  return { seconds: (fs.statSync(spec.moduleId).size / 1024) * (SECONDS_PER_KB[spec.project.name] ?? 0.3), measured: false };
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification): number => expectedSeconds(this.ctx, spec).seconds;
    const length = new Map(files.map((spec) => [spec, seconds(spec)]));
    const work = new Map<string, number>();
    for (const [spec, s] of length) work.set(spec.project.name, (work.get(spec.project.name) ?? 0) + s);
    return [...files].sort((a, b) => work.get(b.project.name)! - work.get(a.project.name)! || a.project.name.localeCompare(b.project.name) || length.get(b)! - length.get(a)!);
  }
}
