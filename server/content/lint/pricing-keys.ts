/**
 * Estimator pricing data is keyed by field name, then by option value, nested under each dependsOn
 * value first. A key that names no field, or a value the field does not offer, is a price that can
 * never apply, so it is reported against the templates that use the pricing file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionProblem } from '../definition-problem';
import { childPointer, isRecord } from './json-pointer';
import { validFilesOf, type LintInput } from './lint-input';

const DEFAULT_PRICING_FILE = 'data/estimator-pricing.json';

interface TemplateField {
  name: string;
  /** false: the field is left out of the price (the template field's useInCalculation). */
  priced: boolean;
  dependsOn: string[];
  /** Values the field can take, or undefined when it is free input (no options to check against). */
  values: Set<string> | undefined;
}

function fieldsOf(template: Record<string, unknown>): Map<string, TemplateField> {
  const out = new Map<string, TemplateField>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const f of list) {
      if (!isRecord(f) || typeof f.name !== 'string') continue;
      if (f.type === 'group') {
        visit(f.fields);
        continue;
      }
      let values: Set<string> | undefined;
      const addOptions = (options: unknown) => {
        if (!Array.isArray(options)) return;
        values ??= new Set();
        for (const o of options) if (isRecord(o) && typeof o.value === 'string') values.add(o.value);
      };
      addOptions(f.options);
      if (isRecord(f.dynamicOptions) && isRecord(f.dynamicOptions.options)) Object.values(f.dynamicOptions.options).forEach(addOptions);
      const dependsOn = Array.isArray(f.dependsOn) ? f.dependsOn.filter((d): d is string => typeof d === 'string') : [];
      if (!out.has(f.name)) out.set(f.name, { name: f.name, priced: f.useInCalculation !== false, dependsOn, values });
    }
  };
  visit(template.fields);
  return out;
}

const isPriceEntry = (node: unknown) => isRecord(node) && 'price' in node;

function checkField(file: string, field: TemplateField, fields: Map<string, TemplateField>, node: unknown, pointer: string, problems: DefinitionProblem[]): void {
  const walk = (current: unknown, depth: number, at: string) => {
    if (!isRecord(current)) return;
    if (depth < field.dependsOn.length) {
      const depName = field.dependsOn[depth]!;
      const dep = fields.get(depName);
      for (const [key, child] of Object.entries(current)) {
        if (isPriceEntry(child)) {
          problems.push({
            file,
            pointer: childPointer(at, key),
            message: `is a price, but "${field.name}" depends on "${depName}": its prices must be grouped under the values of "${depName}" first`,
          });
          continue;
        }
        if (dep?.values && !dep.values.has(key)) {
          problems.push({
            file,
            pointer: childPointer(at, key),
            message: `groups prices under "${key}", which is not an option of the field "${depName}" ("${field.name}" depends on "${depName}")`,
          });
          continue;
        }
        walk(child, depth + 1, childPointer(at, key));
      }
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      if (field.values && !field.values.has(key)) {
        problems.push({ file, pointer: childPointer(at, key), message: `gives a price for "${key}", which is not an option of the field "${field.name}"` });
      } else if (!isPriceEntry(child)) {
        problems.push({
          file,
          pointer: childPointer(at, key),
          message: `should be the price of the option "${key}" (with "price" and "labor"), but it has another level of nesting`,
        });
      }
    }
  };
  walk(node, 0, pointer);
}

export function checkPricingKeys(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const byPricingFile = new Map<string, Array<{ name: string; fields: Map<string, TemplateField> }>>();
  for (const [file, template] of validFilesOf<Record<string, unknown>>(input, 'estimator-template')) {
    const named = typeof template.priceTemplate === 'string' ? template.priceTemplate : undefined;
    const pricingFile = named ?? DEFAULT_PRICING_FILE;
    if (named && !input.files.has(named) && !fs.existsSync(path.join(input.dir, named))) {
      problems.push({ file, pointer: '/priceTemplate', message: `names the pricing file "${named}", which is not in the content folder` });
      continue;
    }
    const list = byPricingFile.get(pricingFile) ?? [];
    list.push({ name: typeof template.name === 'string' ? template.name : file, fields: fieldsOf(template) });
    byPricingFile.set(pricingFile, list);
  }

  for (const [pricingFile, templates] of byPricingFile) {
    if (!input.valid.has(pricingFile)) continue; // absent, or reported by its schema
    const pricing = input.files.get(pricingFile);
    if (!isRecord(pricing)) continue;
    const names = templates.map((t) => `"${t.name}"`).join(', ');
    for (const [fieldName, node] of Object.entries(pricing)) {
      if (fieldName === '$schema') continue;
      const owner = templates.find((t) => t.fields.has(fieldName));
      if (!owner) {
        problems.push({
          file: pricingFile,
          pointer: childPointer('', fieldName),
          message:
            templates.length === 1
              ? `gives prices for "${fieldName}", but the estimator ${names} has no field of that name`
              : `gives prices for "${fieldName}", but none of the estimators ${names} has a field of that name`,
        });
        continue;
      }
      const field = owner.fields.get(fieldName)!;
      if (!field.priced) {
        problems.push({
          file: pricingFile,
          pointer: childPointer('', fieldName),
          message: `gives prices for "${fieldName}", but that field has "useInCalculation": false in the estimator "${owner.name}", so they are never used`,
        });
        continue;
      }
      checkField(pricingFile, field, owner.fields, node, childPointer('', fieldName), problems);
    }
  }
  return problems;
}
