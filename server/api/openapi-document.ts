/**
 * The OpenAPI 3.1 description of the commerce API (orders, quotes, split payments, verify, cart,
 * shipping, reviews, e-mail), served at GET /api/openapi.json. Amounts are dollars with two
 * decimals; errors are always {error, message, fields?} with a 4xx status.
 */
import { endpoints } from '../../schemas/api';
import { orderViewSchema } from '../../schemas/api/order-view';
import { contractPaths } from './openapi-paths';
import { accountSecuritySchemes } from '../../schemas/api/accounts';
import { studioSecuritySchemes } from '../../schemas/api/studio';

export const commerceOpenApi = {
  openapi: '3.1.0',
  info: {
    title: 'Showroom commerce API',
    version: '1.0.0',
    description: 'Orders, quotes, split payments, payment verification, cart totals, shipping rates, reviews and order e-mail. The server computes every amount; browsers ask, the server decides. See docs/commerce-api.md.',
  },
  components: {
    securitySchemes: {
      orderToken: { type: 'http', scheme: 'bearer', description: 'The accessToken returned when the order was created, as `Authorization: Bearer <token>` only (never in a query string or a body).' },
      quoteLink: { type: 'http', scheme: 'bearer', description: "The token of the quote's payment link, valid and unexpired, as `Authorization: Bearer <token>`. It also proves ownership of the order made from the quote." },
      ...accountSecuritySchemes,
      ...studioSecuritySchemes,
    },
    schemas: {
      Error: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } }, errorType: { enum: ['tokenExpired', 'quoteNotExist'] } } },
      Order: orderViewSchema,
    },
  },
  paths: {
    // The endpoints that have their contract in schemas/api/; the paths above move there one by one.
    ...contractPaths(endpoints),
  },
} as const;
