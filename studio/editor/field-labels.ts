/**
 * Labels for properties the schemas give no title: rjsf shows the property's name ("breadcrumbTitle",
 * "src"), so the studio's templates show it in words instead ("Breadcrumb title", "Image path"). A
 * title the schema gives is left as it is.
 */
const WORDS: Record<string, string> = {
  src: 'Image file',
  alt: 'Alternative text',
  altText: 'Alternative text',
  id: 'Name for links to it',
  url: 'URL',
  href: 'Link',
  html: 'Text',
  sku: 'SKU',
  faqs: 'FAQs',
  cta: 'Call to action',
  zip: 'ZIP code',
  zipCodes: 'ZIP codes',
  seo: 'SEO',
};

/** `breadcrumbTitle` -> `Breadcrumb title`; anything that is not a bare property name is kept. */
export function humanLabel(label: string): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(label)) return label;
  const known = WORDS[label];
  if (known) return known;
  const words = label.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase().replace(/\b(url|sku|zip|id|seo|pdf|cvv|api|sms|css)\b/g, (w) => w.toUpperCase());
}
