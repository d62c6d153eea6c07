import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api';
import { commerceOpenApi } from './openapi-document';
import { openApiPath } from './openapi-paths';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(commerceOpenApi) as never)).resolves.toBeDefined();
  });

  it('describes every endpoint that has a contract, from that contract', () => {
    for (const e of endpoints) {
      const op = (commerceOpenApi.paths as Record<string, Record<string, { summary: string }>>)[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op?.summary, `${e.method} ${e.path}`).toBe(e.summary);
    }
  });

  it('describes every commerce endpoint, each error with the error shape', () => {
    expect(Object.keys(commerceOpenApi.paths)).toEqual(
      expect.arrayContaining(['/api/order', '/api/order/view/{id}', '/api/order/{orderId}', '/api/order/{id}/split-payment', '/api/quote', '/api/quote/view/{id}', '/api/quote/convertToOrder', '/api/payment/{method}/verify', '/api/cart/totals', '/api/shipping/rates', '/api/reviews/birdeye', '/api/reviews/summary', '/api/email/send-email', '/api/forms/{formName}', '/api/newsletter/subscription/{token}', '/api/newsletter/unsubscribe/{token}', '/api/newsletter/resubscribe/{token}', '/api/health', '/api/ready']),
    );
    for (const [path, item] of Object.entries(commerceOpenApi.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries((op as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }).responses)) {
          if (Number(status) >= 400) expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
  });
});
