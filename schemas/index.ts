/** The published definition schemas, by the name of the .json file each is emitted as. */
import { blogAuthorsSchema } from './catalog/blog-authors.schema';
import { blogCategoriesSchema } from './catalog/blog-categories.schema';
import { blogsSchema } from './catalog/blogs.schema';
import { cabinetLineSchema } from './catalog/cabinet-line.schema';
import { countertopsSchema } from './catalog/countertops.schema';
import { faqsSchema } from './catalog/faqs.schema';
import { gallerySchema } from './catalog/gallery.schema';
import { priceGroupsSchema } from './catalog/price-groups.schema';
import { productCategoriesSchema } from './catalog/product-categories.schema';
import { productStyleSchema } from './catalog/product-style.schema';
import { reviewsSchema } from './catalog/reviews.schema';
import { searchItemsSchema } from './catalog/search-items.schema';
import { servicesSchema } from './catalog/services.schema';
import { estimatorPricingSchema } from './estimator/estimator-pricing.schema';
import { estimatorTemplateSchema } from './estimator/estimator-template.schema';
import { formSchema } from './forms/form.schema';
import { kitchenPlanSchema } from './planner/kitchen-plan.schema';
import { kitchenPlannerSchema } from './planner/kitchen-planner.schema';
import { popupSchema } from './forms/popup.schema';
import { dealersSchema } from './dealers.schema';
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
  dealers: dealersSchema,
  form: formSchema,
  popup: popupSchema,
  'estimator-template': estimatorTemplateSchema,
  'estimator-pricing': estimatorPricingSchema,
  'kitchen-planner': kitchenPlannerSchema,
  'product-style': productStyleSchema,
  'product-categories': productCategoriesSchema,
  'search-items': searchItemsSchema,
  'price-groups': priceGroupsSchema,
  'cabinet-line': cabinetLineSchema,
  countertops: countertopsSchema,
  services: servicesSchema,
  blogs: blogsSchema,
  'blog-authors': blogAuthorsSchema,
  'blog-categories': blogCategoriesSchema,
  faqs: faqsSchema,
  reviews: reviewsSchema,
  gallery: gallerySchema,
} as const;

export type DefinitionSchemaName = keyof typeof definitionSchemas;

/**
 * Every schema published under /schemas/: the definitions', and documents that are not content but
 * are checked the same way (a kitchen plan a visitor draws, schemas/planner/kitchen-plan.schema.ts).
 */
export const publishedSchemas = { ...definitionSchemas, 'kitchen-plan': kitchenPlanSchema } as const;
