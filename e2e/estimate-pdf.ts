/** A PDF the browser downloads (an estimator's Print, a quote's PDF in the studio): the file's name, its text and its raw bytes. */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The PDF that clicking `trigger` downloads. */
export async function downloadPdf(page: Page, trigger: Locator): Promise<{ name: string; text: string; raw: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const bytes = fs.readFileSync((await download.path())!).toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  // jsPDF writes uncompressed text streams: the text operators are (escaped text) Tj.
  const text = [...bytes.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')).join('\n');
  return { name: download.suggestedFilename(), text, raw: bytes };
}

export function printEstimate(page: Page, root: Locator): Promise<{ name: string; text: string; raw: string }> {
  return downloadPdf(page, root.getByRole('button', { name: 'Download PDF' }));
}
