/** Print on an estimator: the downloaded file's name, its text and its raw bytes. */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export async function printEstimate(page: Page, root: Locator): Promise<{ name: string; text: string; raw: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), root.getByRole('button', { name: 'Download PDF' }).click()]);
  const bytes = fs.readFileSync((await download.path())!).toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  // jsPDF writes uncompressed text streams: the text operators are (escaped text) Tj.
  const text = [...bytes.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')).join('\n');
  return { name: download.suggestedFilename(), text, raw: bytes };
}
