/**
 * Dealers: the shops that embed the store's widgets on their own sites. A widget names its
 * dealer (`dealer="..."`, sent as the X-Showroom-Dealer header) and the server accepts the call only
 * from that dealer's origins, so one dealer cannot place orders in another's name.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from './schema-id';

/** The placeholder for the dealer example's own origins (http://localhost:{DEALER_PORT} and 127.0.0.1), known only at start. */
export const DEALER_EXAMPLE_ORIGIN = 'dealer-example';

/**
 * What crediting an order to a dealer rests on: `origin`, its page's Origin as the visitor's browser
 * sent it (a browser cannot forge it; a script outside a browser can send any), or `key`, the
 * dealer's own key, sent by the dealer's server (http/dealer-origin.ts).
 */
export type DealerAttribution = 'origin' | 'key';

/** The header a dealer's server sends its key in, beside X-Showroom-Dealer. */
export const DEALER_KEY_HEADER = 'X-Showroom-Dealer-Key';

export const dealerSchema = {
  type: 'object',
  title: 'Dealer',
  description: 'One dealer: the id its widgets send, its name and the origins its pages are served from.',
  additionalProperties: false,
  required: ['id', 'name', 'allowedOrigins'],
  properties: {
    id: {
      type: 'string',
      title: 'Id',
      description: 'What the dealer writes in the widgets\' dealer attribute, e.g. "riverside-home". Recorded on its orders.',
      pattern: '^[a-z0-9][a-z0-9-]{0,62}$',
    },
    name: { type: 'string', title: 'Name', description: "The dealer's business name.", minLength: 1, maxLength: 200 },
    allowedOrigins: {
      type: 'array',
      title: 'Allowed origins',
      description: `The addresses of the dealer's sites, e.g. https://www.riverside-home.com (copied with a slash at the end is fine). ${DEALER_EXAMPLE_ORIGIN} stands for the example dealer site this store starts.`,
      minItems: 1,
      items: {
        type: 'string',
        title: 'Site address',
        description: 'One address the dealer\'s pages are served from: https://, the host, and a port if it has one.',
        // One pattern rather than a choice of two schemas: the studio shows one text field per address.
        pattern: `^(?:https?://[^/?#\\s]+/?|${DEALER_EXAMPLE_ORIGIN})$`,
      },
    },
    keySha256: {
      type: 'string',
      title: 'Key (SHA-256)',
      description:
        "For orders the dealer's own server places: the SHA-256, in hex, of the key the store gave the dealer (the key itself is kept by the dealer only). A call with the key is credited to the dealer as proven; a call from the dealer's pages, by their origin.",
      pattern: '^[0-9a-f]{64}$',
    },
  },
} as const;

export const dealersSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('dealers'),
  type: 'object',
  title: 'Dealers',
  description: 'The dealers allowed to embed the store\'s widgets, each with the origins its pages come from.',
  additionalProperties: false,
  required: ['dealers'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    dealers: { type: 'array', title: 'Dealers', description: 'One entry per dealer; ids are unique.', items: dealerSchema },
  },
} as const;

export type DealersDefinition = FromSchema<typeof dealersSchema>;
export type Dealer = FromSchema<typeof dealerSchema>;
