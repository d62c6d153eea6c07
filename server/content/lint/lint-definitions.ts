/**
 * The checks a schema cannot make: they look across fields and files (a route naming a missing page,
 * a link to a path no route answers, a hideWhen naming a field the form does not have...). Each check
 * family lives in its own file and reads only files that passed their schema check, so a broken file
 * is reported once, by the schema, and the checks can trust the documented shapes; the checks that
 * walk a file testing each value's shape (links, images, form and popup references, rich text) read
 * every parsed file (lint-input.ts `parsedFilesOf`), so a schema problem hides none of theirs. A reference to a
 * broken file (not JSON, or failing its schema) is a reference to a file that exists: one problem per
 * cause, at the broken file (lint-input.ts `presentFilesOf`). A check whose files are absent from the
 * content folder has nothing to say.
 */
import type { DefinitionProblem } from '../definition-problem';
import { checkBlogReferences } from './blog-references';
import { checkCatalogReferences } from './catalog-references';
import { checkDealers } from './dealers';
import { checkEstimatorCabinetMix } from './estimator-cabinet-mix';
import { checkFieldPatterns } from './field-patterns';
import { checkFieldReferences } from './field-references';
import { checkFormReferences } from './form-references';
import { checkImageFiles } from './image-files';
import { checkInternalLinks } from './internal-links';
import { checkKitchenCatalog } from './kitchen-catalog';
import { checkPaymentIntegrations } from './payment-integrations';
import { checkPaymentPageBlocks } from './payment-page-blocks';
import { checkPlannerCatalog } from './planner-catalog';
import { checkPopupReferences } from './popup-references';
import { checkPricingKeys } from './pricing-keys';
import { checkRichText } from './rich-text';
import { checkRoutePages } from './route-pages';
import { checkSampleSkus } from './sample-skus';
import { checkSchemaReferences } from './schema-references';
import { checkShippingTaxRules } from './shipping-tax-rules';
import { checkVisitorMailCaptcha } from './visitor-mail-captcha';
import { checkStoreReferences } from '../store-references';
import type { LintCheck, LintInput } from './lint-input';

export type { LintCheck, LintInput } from './lint-input';

export const lintChecks: LintCheck[] = [
  checkSchemaReferences,
  checkRoutePages,
  checkInternalLinks,
  checkFieldReferences,
  checkFieldPatterns,
  checkFormReferences,
  checkPopupReferences,
  checkRichText,
  checkVisitorMailCaptcha,
  checkPricingKeys,
  checkBlogReferences,
  checkSampleSkus,
  checkCatalogReferences,
  checkKitchenCatalog,
  checkEstimatorCabinetMix,
  checkPlannerCatalog,
  checkShippingTaxRules,
  checkDealers,
  checkPaymentIntegrations,
  checkPaymentPageBlocks,
  checkImageFiles,
  checkStoreReferences,
];

export function lintDefinitions(input: LintInput): DefinitionProblem[] {
  return lintChecks.flatMap((check) => check(input));
}
