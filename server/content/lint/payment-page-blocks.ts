/**
 * A payment page runs only the scripts of its inventory (server/payment-pages/): the island of
 * another interactive block put on it (a slider, a form, an FAQ) would be refused by the page's
 * policy, leave the block dead and report a blocked script to the admins. Refused at publish, with
 * the way to do it on purpose.
 */
import { paymentBlockOf, PAYMENT_PAGE_ISLANDS } from '../../../schemas/payment-page-blocks';
import { BLOCK_ISLAND_NAMES } from '../../../renderer/islands/island-types';
import type { DefinitionProblem } from '../definition-problem';
import { validFilesOf, type LintInput } from './lint-input';

const allowed = new Set<string>(PAYMENT_PAGE_ISLANDS);
const interactive = new Set<string>(BLOCK_ISLAND_NAMES);

export function checkPaymentPageBlocks(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, page] of validFilesOf<{ blocks: Array<{ type: string }> }>(input, 'page')) {
    if (!paymentBlockOf(page.blocks)) continue;
    page.blocks.forEach((block, b) => {
      if (!interactive.has(block.type) || allowed.has(block.type)) return;
      problems.push({
        file,
        pointer: `/blocks/${b}/type`,
        message: `is an interactive block, and this page takes payments: its script is not in the payment pages' script inventory, so their policy would refuse it. Move it to another page (docs/payment-pages.md)`,
      });
    });
  }
  return problems;
}
