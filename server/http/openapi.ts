import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI 3.1 document is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Telemetry Cloud (reference implementation)',
        version: '1.0.0',
        description:
          'Interface 1.0.0 of the Telemetry Cloud, plus extensions of the reference cloud ' +
          '(tagged "extension"). Errors answer {"status": CODE, "message": text}.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'A user name and password' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          gatewayBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'A gateway serial and the key issued at registration',
          },
        },
      },
      security: [{ basic: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}
