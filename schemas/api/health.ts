/** Liveness and readiness: the contracts of GET /api/health and GET /api/ready. */
import { endpoint, errorSchema } from './endpoint';

export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness: 200 while the database answers',
  caller: 'anyone (a proxy or a monitor)',
  tags: ['operations'],
  responses: {
    200: { type: 'object', required: ['status', 'database'], additionalProperties: false, properties: { status: { const: 'ok' }, database: { const: 'ok' } } },
    503: errorSchema,
  },
});

export const readyEndpoint = endpoint({
  method: 'GET',
  path: '/api/ready',
  summary: "Readiness: 200 when the database answers and has run every migration this server's code knows",
  caller: 'anyone (a proxy deciding whether to send this server traffic)',
  tags: ['operations'],
  responses: {
    200: {
      type: 'object',
      required: ['status', 'database', 'migrations'],
      additionalProperties: false,
      properties: { status: { const: 'ready' }, database: { enum: ['sqlite', 'postgres'] }, migrations: { const: 'current' } },
    },
    503: errorSchema,
  },
});
