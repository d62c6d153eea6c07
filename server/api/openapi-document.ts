export const commerceOpenApi = { openapi: '3.1.0', info: { title: 'Showroom commerce API', version: '1.0.0' }, paths: {} } as const;
