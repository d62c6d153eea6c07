/**
 * Dealers a schema accepts but the server would get wrong: the same id twice (which entry's origins
 * would count?) and an origin written with a trailing slash or in capitals, which never equals a
 * browser's Origin header and so would refuse every call of that dealer.
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
      if (first !== undefined) problems.push({ file, pointer: `/dealers/${d}/id`, message: `repeats the id "${dealer.id}" of dealer ${first}; each dealer needs its own id` });
      else ids.set(dealer.id, d);
      dealer.allowedOrigins.forEach((origin, o) => {
        if (!/^https?:/.test(origin)) return;
        let canonical: string;
        try {
          canonical = new URL(origin).origin;
        } catch {
          canonical = '';
        }
        if (canonical !== origin) {
          problems.push({ file, pointer: `/dealers/${d}/allowedOrigins/${o}`, message: `is not an origin as browsers send it${canonical ? ` (write "${canonical}")` : ''}; calls from that page would be refused` });
        }
      });
    });
  }
  return problems;
}
