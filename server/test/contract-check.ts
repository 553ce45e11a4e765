import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

/**
 * Checks responses against the cloud's own OpenAPI document: the status must be documented for
 * the operation, and a JSON body must match its schema. Every server test goes through this.
 */
export class ContractChecker {
  private readonly document: OpenApiDocument;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { pattern: RegExp; path: string }[];

  constructor(app: FastifyInstance) {
    this.document = (app as unknown as { swagger(): OpenApiDocument }).swagger();
    addFormats.default(this.ajv);
    this.templates = Object.keys(this.document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        literal: path.split('/').filter((part) => !part.startsWith('{')).length,
      }))
      // Prefer templates with more literal segments (/v1/channels/{uuid}/history over /v1/...).
      .sort((a, b) => b.literal - a.literal)
      .map(({ path, pattern }) => ({ path, pattern }));
  }

  /** Throws with a readable reason when the response breaks the contract. */
  check(
    method: string,
    url: string,
    status: number,
    contentType: string | undefined,
    body: string,
  ) {
    const pathOnly = url.split('?')[0] ?? url;
    const template = this.templates.find((t) => t.pattern.test(pathOnly));
    if (!template) return; // not an API path (console files, /auth)
    const operation = this.document.paths[template.path]?.[method.toLowerCase()];
    if (!operation) return; // the 404 for an undefined method is checked by tests themselves
    const documented = operation.responses?.[String(status)];
    if (!documented) {
      throw new Error(
        `${method} ${template.path} answered ${status}, which its OpenAPI entry does not list`,
      );
    }
    // Some answers come in more than one form (history's columns): each is checked by its own.
    const media = contentType?.split(';')[0]?.trim() ?? '';
    const listed = documented.content?.[media]?.schema;
    const schema = listed ?? documented.content?.['application/json']?.schema;
    if (!schema) return;
    if (listed === undefined) {
      throw new Error(
        `${method} ${template.path} answered ${status} with content type ${contentType}`,
      );
    }
    const key = `${method} ${template.path} ${status} ${media}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.compiled.set(key, validate);
    }
    if (!validate(JSON.parse(body))) {
      throw new Error(
        `${key} breaks its schema: ${this.ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
      );
    }
  }
}
