import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The fastest levels: each answer is compressed again for every request. On a page of history
 * brotli's quality 4 and gzip's level 6 (the plugin's and zlib's defaults) took 3.5 and 4 times
 * the CPU of these for 10–20 % fewer bytes; over a month's 86 pages the cloud spent 0.4 s (br)
 * and 1.6 s (gzip) less (docs/decisions/0156-cheap-per-request-compression.md).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

/**
 * Compresses API answers over 1 KB with brotli or gzip, whichever the request's Accept-Encoding
 * prefers (docs/decisions/0050-compression-and-etags.md). Registered before the routes, so it
 * wraps every answer added after it. Streams are left alone: live streams (text/event-stream)
 * take over the socket (live/sse.ts) and the plugin's default types exclude event streams anyway,
 * so a reading is never held in a compressor's buffer. The console's assets are compressed once
 * at build time and served as files (console.ts, `preCompressed`); the plugin sees that they
 * carry a Content-Encoding and passes them through. Listings and positions are compressed once
 * per answer and kept (etag.ts), at a higher quality.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // deflate is left out: browsers never prefer it, and its framing is ambiguous in practice.
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
