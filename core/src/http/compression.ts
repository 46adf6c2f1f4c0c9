import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Below this many bytes a body goes as it is: compression saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli or gzip for the API's JSON and any compressible response that is not already encoded,
 * chosen by the request's Accept-Encoding. What stays as it is: bodies under the threshold, types
 * mime-db marks incompressible (images, audio, video, zip, xlsx), the built assets @fastify/static
 * serves from their precompressed .br/.gz copies (already carrying Content-Encoding), partial
 * content (206: Content-Range counts unencoded bytes) and the media under /public/ (routes say
 * `compress: false`: validators and ranges there describe the stored bytes). socket.io answers
 * before Fastify sees a request, so its transports are untouched. Request bodies are never
 * inflated: webhooks verify signatures over the bytes they were sent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Quality 4 (the plugin's default too, said here): dynamic JSON, compressed on every request.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
