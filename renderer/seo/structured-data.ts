/**
 * The page's JSON-LD: Organization on every page, BreadcrumbList from the trail, plus whatever the
 * blocks added (Product, FAQPage, VideoObject, BlogPosting...). Transactional pages (checkout,
 * payment, order result) carry no FAQ, breadcrumb or video data.
 */
import type { SiteSettings } from '../../schemas/site-settings.schema';
import type { Crumb, StructuredData } from '../blocks/block-definition';

/** Types that transactional pages never carry. */
export const TRANSACTIONAL_EXCLUDED_TYPES = new Set(['FAQPage', 'BreadcrumbList', 'VideoObject']);

export function organizationData(settings: SiteSettings, baseUrl: string): StructuredData {
  const org: StructuredData = { '@type': 'Organization', name: settings.siteName, url: baseUrl + '/' };
  org['logo'] = baseUrl + (settings.logo ?? '/images/favicon.svg');
  const contact = settings.contact;
  if (contact?.phone || contact?.email) {
    org['contactPoint'] = {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      ...(contact.phone ? { telephone: contact.phone } : {}),
      ...(contact.email ? { email: contact.email } : {}),
    };
  }
  if (contact?.address) {
    const a = contact.address;
    org['address'] = {
      '@type': 'PostalAddress',
      streetAddress: [a.street, a.street2].filter(Boolean).join(', '),
      addressLocality: a.city,
      addressRegion: a.state,
      postalCode: a.zipCode,
      addressCountry: a.country ?? 'US',
    };
  }
  if (settings.socials?.length) org['sameAs'] = settings.socials.map((x) => x.url);
  return org;
}

export function breadcrumbListData(trail: Crumb[], baseUrl: string, currentPath: string): StructuredData {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: baseUrl + (crumb.path ?? currentPath),
    })),
  };
}

export function pageStructuredData(opts: {
  settings: SiteSettings;
  baseUrl: string;
  path: string;
  breadcrumb: Crumb[];
  fromBlocks: StructuredData[];
  transactional: boolean;
}): StructuredData[] {
  const all: StructuredData[] = [organizationData(opts.settings, opts.baseUrl)];
  if (opts.path !== '/' && opts.breadcrumb.length > 1) all.push(breadcrumbListData(opts.breadcrumb, opts.baseUrl, opts.path));
  all.push(...opts.fromBlocks);
  const kept = opts.transactional ? all.filter((d) => !TRANSACTIONAL_EXCLUDED_TYPES.has(d['@type'])) : all;
  return kept.map((d) => ({ '@context': 'https://schema.org', ...d }));
}
