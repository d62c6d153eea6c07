/**
 * A kitchen planner (planner/*.json) against the catalog: its name is its file's; each style it
 * offers has a cabinet line; every code it names (the fillers, end panels, crown and toe kick) is
 * made in every style it offers, and is of the right kind (a filler, a panel, a moulding), so the
 * bill of any plan in any offered style is whole; its cut-outs are the countertops' and its
 * installation is a service of the catalog, counted as that service is sold (per cabinet: each; per
 * linear foot: linear-foot; per kitchen: fixed); an appliance type or a rule is listed once; the
 * narrowest filler is no wider than the widest.
 */
import type { CabinetKind, CabinetLineDefinition } from '../../../schemas/catalog/cabinet-line.schema';
import type { CountertopsDefinition } from '../../../schemas/catalog/countertops.schema';
import type { ServicesDefinition } from '../../../schemas/catalog/services.schema';
import type { KitchenPlannerDefinition } from '../../../schemas/planner/kitchen-planner.schema';
import type { DefinitionProblem } from '../definition-problem';
import { didYouMean } from '../../../schemas/evaluators/closest-name';
import { fileStem, presentFilesOf, validFilesOf, type LintInput } from './lint-input';

const UNIT_OF: Record<KitchenPlannerDefinition['installation']['per'], string> = { cabinet: 'each', 'linear-foot': 'linear-foot', kitchen: 'fixed' };

export function checkPlannerCatalog(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const planners = validFilesOf<KitchenPlannerDefinition>(input, 'kitchen-planner');
  if (!planners.length) return problems;
  const lines = new Map(validFilesOf<CabinetLineDefinition>(input, 'cabinet-line').map(([, line]) => [line.style, line]));
  const linesPresent = new Set(presentFilesOf(input, 'cabinet-line').map(fileStem));
  const cutouts = new Set(validFilesOf<CountertopsDefinition>(input, 'countertops').flatMap(([, t]) => t.cutouts.map((c) => c.code)));
  const services = new Map(validFilesOf<ServicesDefinition>(input, 'services').flatMap(([, s]) => s.services.map((x) => [x.sku, x] as const)));

  for (const [file, planner] of planners) {
    const say = (pointer: string, message: string) => problems.push({ file, pointer, message });
    if (planner.name !== fileStem(file)) say('/name', `is "${planner.name}", but the file is ${fileStem(file)}.json: the name must equal the file name`);

    const offered = planner.styles ?? [...lines.keys()];
    (planner.styles ?? []).forEach((style, i) => {
      if (!lines.has(style) && !linesPresent.has(style)) say(`/styles/${i}`, `names the style "${style}", but catalog/cabinets/ has no cabinet line for it${didYouMean(style, lines.keys())}`);
    });

    const named: { pointer: string; code: string | undefined; kind: CabinetKind; what: string }[] = [
      ...(['base', 'wall', 'tall'] as const).map((run) => ({ pointer: `/fillers/${run}`, code: planner.fillers[run], kind: 'filler' as const, what: `${run} filler` })),
      ...(['base', 'wall', 'tall'] as const).map((run) => ({ pointer: `/endPanels/${run}`, code: planner.endPanels?.[run], kind: 'panel' as const, what: `${run} end panel` })),
      { pointer: '/crown', code: planner.crown, kind: 'moulding', what: 'crown moulding' },
      { pointer: '/toeKick', code: planner.toeKick, kind: 'moulding', what: 'toe kick' },
    ];
    for (const n of named) {
      if (!n.code) continue;
      for (const style of offered) {
        const line = lines.get(style);
        if (!line) continue;
        const cabinet = line.cabinets.find((c) => c.code === n.code);
        const ofKind = line.cabinets.filter((c) => c.kind === n.kind).map((c) => c.code);
        if (!cabinet) say(n.pointer, `names the ${n.what} ${n.code}, which the ${style} line does not make (its ${n.kind}s: ${ofKind.join(', ') || 'none'})`);
        else if (cabinet.kind !== n.kind) say(n.pointer, `names ${n.code} as the ${n.what}, but in the ${style} line it is a ${cabinet.kind}, not a ${n.kind}`);
      }
    }

    for (const at of ['sinkCutout', 'cooktopCutout'] as const) {
      const code = planner.countertop?.[at];
      if (code && cutouts.size && !cutouts.has(code)) say(`/countertop/${at}`, `names the cut-out ${code}, which catalog/countertops.json does not have${didYouMean(code, cutouts)}`);
    }

    const service = services.get(planner.installation.service);
    if (!service) say('/installation/service', `names the service ${planner.installation.service}, which catalog/services.json does not have${didYouMean(planner.installation.service, services.keys())}`);
    else if (service.unit !== UNIT_OF[planner.installation.per]) say('/installation/per', `counts installation per ${planner.installation.per}, but ${service.sku} is sold ${service.unit === 'each' ? `per ${service.unitName ?? 'unit'}` : service.unit === 'fixed' ? 'at a fixed price' : 'per linear foot'}: count it per ${Object.entries(UNIT_OF).find(([, u]) => u === service.unit)?.[0]}`);

    const once = <T>(list: readonly T[], key: (t: T) => string, at: string, what: string) => {
      const seen = new Set<string>();
      list.forEach((item, i) => {
        const k = key(item);
        if (seen.has(k)) say(`/${at}/${i}`, `lists the ${what} "${k}" a second time; list each once`);
        seen.add(k);
      });
    };
    once(planner.appliances, (a) => a.type, 'appliances', 'appliance');
    once(planner.rules ?? [], (r) => r.rule, 'rules', 'rule');
    const widths = planner.fillerWidths;
    if (widths?.min !== undefined && widths.max !== undefined && widths.min > widths.max) say('/fillerWidths/min', `is ${widths.min}″, wider than the widest filler (${widths.max}″)`);
  }
  return problems;
}
