/** Pieces shared by the shipping and tax rules: how a rule names states and ZIP codes. */

export const zipCodePatternSchema = {
  type: 'string',
  title: 'ZIP code pattern',
  description:
    'One ZIP code ("96815"), an inclusive range of ZIP codes ("90000-96199"), or "*" for every ZIP code. An exact code wins over a range, and a range over "*".',
  pattern: '^(\\*|[0-9A-Za-z]+|[0-9]+-[0-9]+)$',
} as const;

export const stateCodeSchema = {
  type: 'string',
  title: 'State',
  description: 'Two-letter state code such as "CA", or "*" for every state that has no entry of its own.',
  minLength: 1,
} as const;

export const countryCodeSchema = {
  type: 'string',
  title: 'Country',
  description: 'Two-letter country code, e.g. "US".',
  pattern: '^[A-Za-z]{2}$',
} as const;
