import { hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';
import { keepAtMost } from '../bounded-map.ts';

/** Whether an If-None-Match header names `tag` (weak comparison, RFC 9110 13.1.2). */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = tag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}

/** Compressed answers kept by tag and encoding; past this many the oldest goes. */
const KEPT_COMPRESSED = 64;
const compressed = new Map<string, Buffer>();

/** br or gzip when the request takes it (br first, as @fastify/compress prefers it). */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function compress(json: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(json, { level: 6 });
}

/**
 * Sends JSON text with an ETag made from it, or 304 with no body when the request's
 * If-None-Match already names it: a console polling an unchanged listing gets a few bytes back.
 * The tag is weak because the same text goes out raw, gzipped or as brotli. An answer asked for
 * compressed is compressed once per tag and encoding and kept (listings repeat until something
 * changes; compressing 70 KB again for each request cost more than the rest of it); @fastify/compress
 * passes an answer that carries its Content-Encoding through. `private, no-cache`: the answer is
 * the caller's own, and is asked for again each time.
 */
export function sendTaggedJson(request: FastifyRequest, reply: FastifyReply, json: string) {
  return sendTagged(request, reply, taggedJson(json));
}

/** JSON text with its tag, made once where the answer is kept (reach-cache.ts `derived`). */
export interface TaggedJson {
  json: string;
  tag: string;
  /** The text as UTF-8, encoded once: a kept answer is sent again without encoding it again. */
  bytes: Buffer;
}

export function taggedJson(json: string): TaggedJson {
  return { json, tag: `W/"${hash('sha1', json, 'base64url')}"`, bytes: Buffer.from(json) };
}

export function sendTagged(request: FastifyRequest, reply: FastifyReply, tagged: TaggedJson) {
  const { json, tag, bytes } = tagged;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const encoding = json.length >= COMPRESS_THRESHOLD_BYTES ? encodingFor(request) : undefined;
  if (encoding === undefined) return reply.type('application/json; charset=utf-8').send(bytes);
  return sendCompressed(reply, tag, encoding, () => json);
}

/**
 * `sendTagged` for an answer whose tag is known before its text (kept-positions.ts): a 304 makes
 * none of it, and a raw one goes out as its pieces (a kept middle between a small head and tail)
 * without copying megabytes into one buffer first.
 */
export function sendTaggedPieces(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
  pieces: () => Buffer[],
) {
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const made = pieces();
  const length = made.reduce((sum, piece) => sum + piece.length, 0);
  const encoding = length >= COMPRESS_THRESHOLD_BYTES ? encodingFor(request) : undefined;
  if (encoding === undefined) {
    return reply
      .type('application/json; charset=utf-8')
      .header('content-length', length)
      .send(Readable.from(made, { objectMode: false }));
  }
  return sendCompressed(reply, tag, encoding, () => Buffer.concat(made, length));
}

/** The answer compressed once per tag and encoding, and kept. */
function sendCompressed(
  reply: FastifyReply,
  tag: string,
  encoding: 'br' | 'gzip',
  text: () => string | Buffer,
) {
  const key = `${encoding}:${tag}`;
  let body = compressed.get(key);
  if (body === undefined) {
    body = compress(text(), encoding);
    keepAtMost(compressed, key, body, KEPT_COMPRESSED);
  }
  return reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(body);
}
