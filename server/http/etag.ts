import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonText } from './zod-app.ts';

/** Whether an If-None-Match header names `tag` (weak comparison, RFC 9110 13.1.2). */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = tag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}

/**
 * Sends JSON text with an ETag made from it, or 304 with no body when the request's
 * If-None-Match already names it: a console polling an unchanged listing gets a few bytes back.
 * The tag is weak because the same text goes out raw, gzipped or as brotli (http/compression.ts).
 * `private, no-cache`: the answer is the caller's own, and is asked for again each time (a 304
 * when nothing changed).
 */
export function sendTaggedJson(request: FastifyRequest, reply: FastifyReply, json: string) {
  const tag = `W/"${hash('sha1', json, 'base64url')}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return sendJsonText(reply, json);
}
