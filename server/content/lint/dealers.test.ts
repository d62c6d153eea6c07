import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../schema-validator';
import { browserOrigin } from '../../http/dealer-origin';
import { checkDealers } from './dealers';
import type { LintInput } from './lint-input';

function input(data: unknown): LintInput {
  return { dir: '/nowhere', files: new Map([['dealers.json', data]]), valid: new Set(['dealers.json']), schemaOf: new Map([['dealers.json', 'dealers']]) };
}

describe('dealers.json', () => {
  it('takes origins and the dealer example placeholder, and refuses paths, other schemes and bad ids', () => {
    const good = { dealers: [{ id: 'demo-dealer', name: 'Demo', allowedOrigins: ['dealer-example', 'https://shop.example:8443', 'https://copied.example/'] }] };
    expect(validateDefinition('dealers', 'dealers.json', good)).toEqual([]);
    const bad = { dealers: [{ id: 'Demo Dealer', name: 'Demo', allowedOrigins: ['https://shop.example/path', 'ftp://x.example'] }] };
    const problems = validateDefinition('dealers', 'dealers.json', bad).map((p) => p.pointer);
    expect(problems).toEqual(expect.arrayContaining(['/dealers/0/id', '/dealers/0/allowedOrigins/0', '/dealers/0/allowedOrigins/1']));
  });

  it('reports a repeated id, and lets an origin copied with a slash or capitals be (it is read as browsers send it)', () => {
    const problems = checkDealers(
      input({
        dealers: [
          { id: 'a', name: 'A', allowedOrigins: ['https://A.example/'] },
          { id: 'a', name: 'A again', allowedOrigins: ['https://a.example:443'] },
        ],
      }),
    );
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([['/dealers/1/id', 'repeats the id "a" of dealer 1; each dealer needs its own id']]);
    expect(browserOrigin('https://Riverside-Home.com/')).toBe('https://riverside-home.com');
    expect(browserOrigin('https://a.example:443')).toBe('https://a.example');
  });
});
