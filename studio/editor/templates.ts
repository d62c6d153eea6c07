/**
 * What a new file starts as: the smallest document of its kind that passes its schema (a page:
 * a title, a description and no blocks yet), named after the file. The `$schema` line is added by
 * the editor, copied from a file of the same kind so it resolves the same way.
 */
import type { DefinitionSchemaName } from './form-schemas';

/** pages/showroom-austin.json -> showroom-austin */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** showroom-austin -> Showroom austin */
export function humanName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'New';
}

export function templateFor(kind: DefinitionSchemaName, path: string): Record<string, unknown> {
  const name = baseName(path);
  const title = humanName(name);
  switch (kind) {
    case 'page':
      return { metadata: { title, description: `${title}.` }, blocks: [] };
    case 'routes':
      return { routes: [] };
    case 'site-settings':
      return { siteName: title, navigation: [] };
    case 'payment-methods':
      return { paymentMethods: [] };
    case 'shipping-methods':
      return { shippingMethods: [] };
    case 'tax-rules':
      return { taxRules: [] };
    case 'dealers':
      return { dealers: [] };
    case 'form':
      return { name, title, fields: [{ type: 'email', name: 'email', label: 'E-mail', required: true }] };
    case 'popup':
      return { name, title, components: [] };
    case 'estimator-template':
      return { name, title, fields: [{ type: 'group', name: 'project', label: 'Project', fields: [{ type: 'text', name: 'projectName', label: 'Project name' }] }] };
    case 'estimator-pricing':
      return {};
    case 'kitchen-planner':
      return { name, title, appliances: [{ type: 'refrigerator', label: 'Refrigerator', widths: [30, 33, 36] }], fillers: { base: 'F396', wall: 'F330' }, installation: { service: 'SV-INSTALL', per: 'cabinet' } };
    case 'product-style': {
      const image = { src: '/images/styles/placeholder.svg', altText: title };
      return {
        name,
        title,
        description: `${title}.`,
        category: 'kitchen-cabinets',
        images: [image],
        finishes: [
          {
            name: 'painted',
            group: 'Paint',
            title: 'Painted finishes',
            items: [{ value: 'white', label: 'White', swatchImage: image, doorImage: image, previewImage: image }],
          },
        ],
        items: [],
        specifications: { specView: 'tabular', specs: [] },
      };
    }
    case 'product-categories':
      return { categories: [{ slug: 'new-category', title: 'New category', description: 'A new category.', image: { src: '/images/categories/placeholder.svg', altText: 'New category' }, styles: [] }] };
    case 'search-items':
      return { items: [] };
    case 'price-groups':
      return { groups: [{ code: 'A', title: 'Select', percent: 0 }] };
    case 'cabinet-line':
      return { style: name, skuPrefix: 'NEW', priceGroup: 'A', finishes: [{ type: 'painted', percent: 0 }], cabinets: [{ code: 'B24', kind: 'base', width: 24, height: 34.5, depth: 24, list: 289 }] };
    case 'countertops':
      return { materials: [{ sku: 'CT-NEW', material: 'Quartz', name: 'Quartz countertop', perSqft: 75, edges: ['EASED'] }], edges: [{ code: 'EASED', label: 'Eased edge', price: 0 }], cutouts: [] };
    case 'services':
      return { services: [{ sku: 'SV-NEW', name: title, unit: 'fixed', price: 100 }] };
    case 'blogs':
      return { blogs: [] };
    case 'blog-authors':
      return { authors: [] };
    case 'blog-categories':
      return { blogCategories: [] };
    case 'faqs':
      return { faqs: [] };
    case 'reviews':
      return { reviews: [] };
    case 'gallery':
      return { designs: [] };
  }
}
