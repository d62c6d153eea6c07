/**
 * An estimator's cabinet mix against the catalog: its size and layout questions are questions of the
 * estimator, each mix is for one of their answers, every size has a usual mix (else an estimate of
 * that size would count no cabinets), the low and high ends name a style with a cabinet line and a
 * finish that line offers, and every code of every mix is a cabinet of both ends' lines, so both
 * ends price the same kitchen.
 */
import type { CabinetLineDefinition } from '../../../schemas/catalog/cabinet-line.schema';
import { lineFinishes } from '../../../schemas/catalog/kitchen-catalog';
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { EstimatorTemplate } from '../../../schemas/estimator/estimator-template.schema';
import { inputFields } from '../../../schemas/evaluators/visibility';
import type { InputField } from '../../../schemas/forms/form-field.schema';
import type { DefinitionProblem } from '../definition-problem';
import { didYouMean } from '../../../schemas/evaluators/closest-name';
import { fileStem, presentFilesOf, validFilesOf, type LintInput } from './lint-input';

const END_WORDS = { low: 'the low end', high: 'the high end' } as const;

export function checkEstimatorCabinetMix(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const lines = new Map(validFilesOf<CabinetLineDefinition>(input, 'cabinet-line').map(([, line]) => [line.style, line]));
  const linesPresent = new Set(presentFilesOf(input, 'cabinet-line').map(fileStem));
  const styles = new Map(validFilesOf<ProductStyle>(input, 'product-style').map(([, style]) => [style.name, style]));

  for (const [file, template] of validFilesOf<EstimatorTemplate>(input, 'estimator-template')) {
    const mix = template.cabinetMix;
    if (!mix) continue;
    const fields = new Map(inputFields(template.fields).map((f) => [f.name, f]));
    const question = (at: 'sizeField' | 'layoutField'): InputField | undefined => {
      const name = mix[at];
      if (name === undefined) return undefined;
      const field = fields.get(name);
      if (!field) problems.push({ file, pointer: `/cabinetMix/${at}`, message: `names the question "${name}", but this estimator has no question of that name${didYouMean(name, fields.keys())}` });
      return field;
    };
    const size = question('sizeField');
    const layout = question('layoutField');

    /** Each end's cabinet codes, for the ends whose line and finish are good. */
    const ends: { end: keyof typeof END_WORDS; style: string; codes: Set<string> }[] = [];
    for (const end of ['low', 'high'] as const) {
      const at = mix[end];
      const line = lines.get(at.style);
      if (!line) {
        // A line file that failed its own check is reported there.
        if (!linesPresent.has(at.style)) problems.push({ file, pointer: `/cabinetMix/${end}/style`, message: `names the style "${at.style}" for ${END_WORDS[end]}, but catalog/cabinets/ has no cabinet line for it${didYouMean(at.style, lines.keys())}` });
        continue;
      }
      const style = styles.get(line.style);
      const offered = style ? lineFinishes(style, line) : [];
      if (style && !offered.some((f) => f.type === at.finish.type && f.value === at.finish.value)) {
        const names = offered.map((f) => `${f.type}/${f.value}`);
        problems.push({ file, pointer: `/cabinetMix/${end}/finish`, message: `names the finish ${at.finish.type}/${at.finish.value} for ${END_WORDS[end]}, which the ${at.style} line does not offer (it offers ${names.join(', ')})${didYouMean(`${at.finish.type}/${at.finish.value}`, names)}` });
      }
      // Both ends in one style (a range of finishes only): its codes are checked once.
      if (!ends.some((e) => e.style === at.style)) ends.push({ end, style: at.style, codes: new Set(line.cabinets.map((c) => c.code)) });
    }

    const answers = (field: InputField | undefined) => (field?.options ?? []).map((o) => o.value);
    const seen = new Set<string>();
    mix.mixes.forEach((m, i) => {
      const at = `/cabinetMix/mixes/${i}`;
      if (size && !answers(size).includes(m.size)) problems.push({ file, pointer: `${at}/size`, message: `is "${m.size}", which is no answer of "${size.label ?? size.name}" (its answers are ${answers(size).join(', ')})${didYouMean(m.size, answers(size))}` });
      if (m.layout !== undefined && !mix.layoutField) problems.push({ file, pointer: `${at}/layout`, message: `is for the layout "${m.layout}", but the cabinet mix names no layout question (layoutField)` });
      else if (m.layout !== undefined && layout && !answers(layout).includes(m.layout)) problems.push({ file, pointer: `${at}/layout`, message: `is "${m.layout}", which is no answer of "${layout.label ?? layout.name}" (its answers are ${answers(layout).join(', ')})${didYouMean(m.layout, answers(layout))}` });
      const key = `${m.size}/${m.layout ?? ''}`;
      if (seen.has(key)) problems.push({ file, pointer: at, message: `is a second mix for ${m.layout ? `the size "${m.size}" and the layout "${m.layout}"` : `the size "${m.size}" without a layout`}: each has one` });
      seen.add(key);
      m.cabinets.forEach((c, j) => {
        for (const { end, style, codes } of ends) {
          if (!codes.has(c.code)) problems.push({ file, pointer: `${at}/cabinets/${j}/code`, message: `names the cabinet "${c.code}", which the ${style} line (${END_WORDS[end]}) does not have${didYouMean(c.code, codes)}` });
        }
      });
    });
    for (const value of answers(size)) {
      if (!seen.has(`${value}/`)) problems.push({ file, pointer: '/cabinetMix/mixes', message: `has no mix without a layout for the size "${value}": an estimate of that size would count no cabinets` });
    }
  }
  return problems;
}
