/**
 * Element ids of a form's parts, from the form's id prefix and the field name only, so the server's
 * markup and the browser's agree without useId (each island hydrates alone) and two copies of one
 * form on a page (footer and popup) stay apart by their prefixes.
 */
export const fieldId = (prefix: string, name: string) => `${prefix}-${name}`;
export const errorId = (prefix: string, name: string) => `${prefix}-${name}-error`;
export const helpId = (prefix: string, name: string) => `${prefix}-${name}-help`;

/** The ids that describe a field: its help text, then its error. */
export function describedBy(prefix: string, name: string, hasHelp: boolean, hasError: boolean): string | undefined {
  const ids = [hasHelp ? helpId(prefix, name) : null, hasError ? errorId(prefix, name) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The browser's autofill hint for common field names (WCAG 1.3.5). */
export function autoCompleteFor(name: string, type: string): string | undefined {
  if (type === 'email') return 'email';
  if (type === 'tel') return 'tel';
  const key = name.toLowerCase();
  const hints: Record<string, string> = {
    firstname: 'given-name',
    lastname: 'family-name',
    fullname: 'name',
    contactname: 'name',
    name: 'name',
    zip: 'postal-code',
    zipcode: 'postal-code',
    companyname: 'organization',
    company: 'organization',
  };
  return hints[key];
}
