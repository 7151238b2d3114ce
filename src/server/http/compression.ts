import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Response compression: brotli or gzip, as the client's Accept-Encoding asks, for every
 * answer of a text type of at least COMPRESSION_THRESHOLD bytes — API JSON (the streamed order list
 * included), tRPC, the OpenAPI document, HTML and the static assets @fastify/static finds no
 * build-time `.br`/`.gz` for. Request bodies are not decompressed: the API takes plain JSON only.
 *
 * Register it before any route: the plugin adds its onSend hook to each route as it is declared, after
 * the scope's own onSend hooks (no-store, the REST error bodies of error-responses.ts), so it always
 * compresses the final body and never a body another hook replaces afterwards.
 */

/** Below this a compressed body is hardly smaller, and not worth the CPU or the extra round of zlib. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality for bodies made per request. zlib's default, 11, is for build-time assets and costs
 * far too much CPU per request; quality 4 costs what gzip costs and sends a third less
 * (docs/decisions/request-cpu.md).
 */
export const BROTLI_QUALITY = 4;

/**
 * Text that shrinks: text/* (not an event stream, which must flush as it goes), JavaScript (send's
 * `application/javascript`), JSON and XML and their `+json`/`+xml` kinds (SVG, manifests). Not PDFs,
 * images, fonts or `application/octet-stream` — they are compressed already or unknown — and not
 * tRPC's streamed `application/jsonl`, which a compressor would hold back.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:javascript|ecmascript)\b)|[/+](?:json|xml)\s*(?:;|$)/i;

export const isCompressibleType = (contentType: string): boolean => COMPRESSIBLE.test(contentType);

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: isCompressibleType,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
  });

  // tRPC answers with a fetch Response, whose body the plugin sees as a stream of unknown length: it
  // would compress every answer, a 30-byte one too. tRPC's JSON answers are whole strings already
  // (the client batches, it does not stream), so they are handed on as the bytes they are, with their
  // status and headers; the threshold then applies as to any other body.
  // A callback hook: every answer passes here, and an async hook would cost each a promise (app.ts).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (
      !(payload instanceof Response) ||
      !payload.headers.get('content-type')?.startsWith('application/json')
    )
      return done(null, payload);
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    payload.arrayBuffer().then(
      (body) => done(null, Buffer.from(body)),
      (err: Error) => done(err),
    );
  });
}
