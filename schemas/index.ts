/** The published definition schemas, by the name of the .json file each is emitted as. */
import { pageSchema } from './page.schema';
import { paymentMethodsSchema } from './payment-methods.schema';
import { routesSchema } from './routes.schema';
import { siteSettingsSchema } from './site-settings.schema';

export const definitionSchemas = {
  page: pageSchema,
  routes: routesSchema,
  'site-settings': siteSettingsSchema,
  'payment-methods': paymentMethodsSchema,
} as const;

export type DefinitionSchemaName = keyof typeof definitionSchemas;
