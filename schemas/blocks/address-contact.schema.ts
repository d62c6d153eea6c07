import type { FromSchema } from 'json-schema-to-ts';
import { contactDetailsSchema } from '../site-settings.schema';

export const addressContactBlockSchema = {
  type: 'object',
  title: 'Address and contact block',
  description: 'The showroom address with a map link, the phone as a tel: link, the e-mail as a mailto: link and the opening hours. Default: the contact details of the site settings.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'address-contact', description: 'Block type: address-contact.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading. Default "Visit or contact us".' },
    text: { title: 'Text', type: 'string', description: 'A line under the heading.' },
    contact: contactDetailsSchema,
  },
} as const;

export type AddressContactBlock = FromSchema<typeof addressContactBlockSchema>;
