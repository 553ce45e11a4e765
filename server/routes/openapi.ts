import type { ZodApp } from '../http/zod-app.ts';

export function openApiRoutes(app: ZodApp): void {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
