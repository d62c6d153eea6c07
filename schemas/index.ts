/** The published definition schemas, by the name of the .json file each is emitted as. */
import { pageSchema } from './page.schema';
import { paymentMethodsSchema } from './payment-methods.schema';
import { routesSchema } from './routes.schema';
import { shippingMethodsSchema } from './shipping.schema';
import { siteSettingsSchema } from './site-settings.schema';
import { taxRulesSchema } from './tax.schema';

export const definitionSchemas = {
  page: pageSchema,
  routes: routesSchema,
  'site-settings': siteSettingsSchema,
  'payment-methods': paymentMethodsSchema,
  'shipping-methods': shippingMethodsSchema,
  'tax-rules': taxRulesSchema,
} as const;

export type DefinitionSchemaName = keyof typeof definitionSchemas;
