/**
 * Dealers a schema accepts but the server would get wrong: the same id twice (which entry's origins
 * would count?) and an origin that is no address at all. One written with a trailing slash or in
 * capitals (as copied from the address bar) is read as the browser's Origin header
 * (../../http/dealer-origin.ts), so it is let be.
 */
import type { DealersDefinition } from '../../../schemas/dealers.schema';
import type { DefinitionProblem } from '../definition-problem';
import { validFilesOf, type LintInput } from './lint-input';

export function checkDealers(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, def] of validFilesOf<DealersDefinition>(input, 'dealers')) {
    const ids = new Map<string, number>();
    def.dealers.forEach((dealer, d) => {
      const first = ids.get(dealer.id);
      if (first !== undefined) problems.push({ file, pointer: `/dealers/${d}/id`, message: `repeats the id "${dealer.id}" of dealer ${first + 1}; each dealer needs its own id` });
      else ids.set(dealer.id, d);
      dealer.allowedOrigins.forEach((origin, o) => {
        if (!/^https?:/.test(origin)) return;
        if (!URL.canParse(origin)) {
          problems.push({ file, pointer: `/dealers/${d}/allowedOrigins/${o}`, message: 'is not a site address (write it as https://www.example.com); calls from that site would be refused' });
        }
      });
    });
  }
  return problems;
}
