/**
 * Vitest global setup of the projects that start stores: the run fails when a test changed a file
 * of examples/. Test servers serve the demo content as it is (a test that publishes gets a copy of
 * its own, server/testing/test-server.ts `contentChanges`), so nothing a run does may leak into the
 * demo store everyone starts, as "(updated)" once piled up in its FAQ.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const examples = path.resolve(import.meta.dirname, '..', '..', 'examples');

function fingerprints(): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(examples, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(examples, file), createHash('sha1').update(fs.readFileSync(file)).digest('hex'));
  }
  return out;
}

let before: Map<string, string>;

export function setup(): void {
  before = fingerprints();
}

export function teardown(): void {
  const after = fingerprints();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();
  if (!changed.length) return;
  // Vitest reports an error thrown here but still ends the run with 0: the exit code says it too.
  process.exitCode = 1;
  throw new Error(`A test changed the demo content in examples/ (a test that writes content needs a copy of its own): ${changed.join(', ')}`);
}
