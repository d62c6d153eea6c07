/**
 * The store's colours: the defaults (the ones renderer/styles/site.css declares) and the stylesheet
 * variables each setting of site.json's `colors` overrides. The storefront writes the overrides into
 * each page's head; the e-mails read the same colours (server/mail/mail-brand.ts).
 */
import type { SiteColors } from './site-settings.schema';

export type StoreColors = Required<SiteColors>;

export const DEFAULT_SITE_COLORS: StoreColors = {
  accent: '#7a4e2d',
  accentText: '#ffffff',
  text: '#1f2421',
  muted: '#5b625e',
  background: '#fbfaf7',
  line: '#e4e0d8',
};

/** The stylesheet variable each colour sets. */
export const COLOR_VARIABLES: Record<keyof StoreColors, string> = {
  accent: '--color-accent',
  accentText: '--color-accent-ink',
  text: '--color-ink',
  muted: '--color-muted',
  background: '--color-paper',
  line: '--color-line',
};

export function storeColors(colors: SiteColors | undefined): StoreColors {
  return { ...DEFAULT_SITE_COLORS, ...colors };
}

/**
 * `:root{--color-accent:#123456}` for the colours the settings change from the defaults (none: '',
 * so a store on the default colours sends no extra bytes). Only six hex digits pass, as the schema
 * allows, so a value can never close the rule or the style element.
 */
export function colorOverrides(colors: SiteColors | undefined): string {
  const set = Object.entries(colors ?? {}).filter(
    ([key, value]) => key in COLOR_VARIABLES && /^#[0-9a-fA-F]{6}$/.test(String(value)) && String(value).toLowerCase() !== DEFAULT_SITE_COLORS[key as keyof StoreColors],
  );
  return set.length ? `:root{${set.map(([key, value]) => `${COLOR_VARIABLES[key as keyof StoreColors]}:${value}`).join(';')}}` : '';
}
