import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { CloudConfig } from '../config.ts';

/** Where tokens come from: the built-in identity provider, or the outside one trusted instead. */
function bearerDescription({ publicUrl, auth }: CloudConfig): string {
  const issuer = auth.external?.issuer.replace(/\/+$/, '') ?? `${publicUrl}/auth`;
  return (
    `A JWT access token for the audience ${auth.audience}, issued by ${issuer} ` +
    `(discovery: ${issuer}/.well-known/openid-configuration). Scripts get one from ` +
    `${issuer}/oauth/token with the password-realm grant; the console with authorization code ` +
    '+ PKCE. Tokens issued to a client (client credentials) are refused: every token must ' +
    'represent a user. A refused token answers 401 with ' +
    'WWW-Authenticate: Bearer realm="telemetry", error="invalid_token", error_description="…".'
  );
}

/** The OpenAPI 3.1 document is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance, config: CloudConfig): Promise<void> {
  const { publicUrl } = config;
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
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: bearerDescription(config),
          },
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
