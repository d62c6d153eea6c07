// The demo planner against the demo catalog, and each way a planner can name what the catalog lacks.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DefinitionSchemaName } from '../../../schemas/index';
import type { KitchenPlannerDefinition } from '../../../schemas/planner/kitchen-planner.schema';
import { readDefinitions } from '../load-content';
import type { LintInput } from './lint-input';
import { checkPlannerCatalog } from './planner-catalog';

const site = fileURLToPath(new URL('../../../examples/site', import.meta.url));
const { files } = readDefinitions(site);
const demo = files.get('planner/kitchen-planner.json') as KitchenPlannerDefinition;

/** The demo site's catalog with this planner as planner/kitchen-planner.json. */
function input(planner: KitchenPlannerDefinition): LintInput {
  const schemaOf = new Map<string, DefinitionSchemaName>([['planner/kitchen-planner.json', 'kitchen-planner'], ['catalog/countertops.json', 'countertops'], ['catalog/services.json', 'services']]);
  for (const file of files.keys()) if (file.startsWith('catalog/cabinets/')) schemaOf.set(file, 'cabinet-line');
  const picked = new Map<string, unknown>([...schemaOf.keys()].map((f) => [f, f === 'planner/kitchen-planner.json' ? planner : files.get(f)]));
  return { dir: site, files: picked, valid: new Set(picked.keys()), schemaOf };
}

const messages = (planner: KitchenPlannerDefinition) => checkPlannerCatalog(input(planner)).map((p) => `${p.pointer} ${p.message}`);

describe('a kitchen planner against the catalog', () => {
  it('passes for the demo store', () => {
    expect(messages(demo)).toEqual([]);
  });

  it('names a style without a line, and a filler a style it offers does not make', () => {
    expect(messages({ ...demo, styles: ['hartford-shaker', 'soho-slab', 'hartford-shakr'] })).toEqual([
      '/styles/2 names the style "hartford-shakr", but catalog/cabinets/ has no cabinet line for it (did you mean "hartford-shaker"?)',
      '/fillers/base names the base filler F396, which the soho-slab line does not make (its fillers: F330)',
      '/fillers/tall names the tall filler F396, which the soho-slab line does not make (its fillers: F330)',
    ]);
  });

  it('names a code of the wrong kind, a cut-out and a service the catalog lacks, and a service counted otherwise than it is sold', () => {
    expect(messages({ ...demo, crown: 'B24', countertop: { ...demo.countertop, sinkCutout: 'SNK' }, installation: { service: 'SV-DELIVERY', per: 'cabinet' } })).toEqual([
      '/crown names B24 as the crown moulding, but in the hartford-shaker line it is a base, not a moulding',
      '/crown names B24 as the crown moulding, but in the georgetown-inset line it is a base, not a moulding',
      '/countertop/sinkCutout names the cut-out SNK, which catalog/countertops.json does not have (did you mean "SINK"?)',
      '/installation/per counts installation per cabinet, but SV-DELIVERY is sold at a fixed price: count it per kitchen',
    ]);
    expect(messages({ ...demo, installation: { service: 'SV-INSTAL', per: 'cabinet' } })).toEqual(['/installation/service names the service SV-INSTAL, which catalog/services.json does not have (did you mean "SV-INSTALL"?)']);
  });

  it('names an appliance or a rule listed twice, and filler widths the wrong way round', () => {
    expect(messages({ ...demo, appliances: [...demo.appliances, demo.appliances[0]!], rules: [{ rule: 'work-aisle', off: true }, { rule: 'work-aisle' }], fillerWidths: { min: 6, max: 1 } })).toEqual([
      `/appliances/${demo.appliances.length} lists the appliance "refrigerator" a second time; list each once`,
      '/rules/1 lists the rule "work-aisle" a second time; list each once',
      '/fillerWidths/min is 6″, wider than the widest filler (1″)',
    ]);
  });
});
