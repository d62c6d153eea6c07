/**
 * The widgets' JavaScript, gzip -9, against the budgets (`npx tsx bench/widget-size.ts`, after
 * `npm run build:widgets`): the loader, the shared runtime chunk, each element's own code, and what
 * the first element costs a dealer's page in all.
 */
import { widgetsDir } from '../server/build-output';
import { kB, measureWidgetSizes, ownCodeTogether, SAMPLE_ORDERING_MODULES, WIDGET_BUDGETS } from '../scripts/widget-sizes';
import { elementModules } from '../widgets/element-names';

const sizes = measureWidgetSizes(widgetsDir, Object.values(elementModules));
const row = (label: string, bytes: number, budget?: number) =>
  console.log(`${label.padEnd(40)} ${kB(bytes).padStart(9)}${budget ? `   budget ${kB(budget)}${bytes > budget ? '   OVER' : ''}` : ''}`);

row('loader (showroom.js)', sizes.loader, WIDGET_BUDGETS.loader);
row('loader as ES module (esm/loader.js)', sizes.loaderModule, WIDGET_BUDGETS.loader);
row(`shared runtime (esm/${sizes.runtimeFile})`, sizes.runtime, WIDGET_BUDGETS.runtime);
for (const element of sizes.elements) row(`  ${element.module}: own code`, element.own);
for (const element of sizes.elements) row(`first element in all: ${element.module}`, sizes.loader + sizes.runtime + element.own, WIDGET_BUDGETS.firstElementInAll);
const sampleOrdering = sizes.elements.filter((e) => (SAMPLE_ORDERING_MODULES as readonly string[]).includes(e.module));
row('order-samples + sample-cart: own code', ownCodeTogether(widgetsDir, sampleOrdering), WIDGET_BUDGETS.sampleOrdering);
