import { testStreamReplySchema } from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { TEST_STREAM_FILE, TEST_STREAM_FOLDER } from '../../media/test-stream.js';
import type { TestStreamService } from './test-stream.service.js';

/** Asking for the test stream is cheap once it runs; a few a minute per user is plenty for a player that retries. */
const TEST_STREAM_LIMIT = { perUser: 10, windowMs: 60_000 };

export function testStreamRoutes(app: App, deps: { authenticator: Authenticator; testStream: TestStreamService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/hlsvideo/test-stream',
      {
        config: {
          access: { anySignedInUser: "a test picture with the server's clock, no building's video (part 1 §9: a public test stream)" },
          rateLimit: {
            max: TEST_STREAM_LIMIT.perUser,
            timeWindow: TEST_STREAM_LIMIT.windowMs,
            keyGenerator: (request) => `test-stream:${request.principal?.user.id ?? request.ip}`,
          },
        },
        schema: {
          tags: ['video'],
          summary: "The HLS test stream (a test picture with the server's time), for when live video fails: a link valid 1 hour",
          response: replies(testStreamReplySchema, [401, 409, 429]),
        },
      },
      () => deps.testStream.open(),
    );
  });

  // The files behind the signed link (/media/<expiry.signature>/test-stream/<file>), no session needed.
  app.get(
    `/media/:token/${TEST_STREAM_FOLDER}/:file`,
    {
      // A player asks for the playlist and a segment every few seconds: only warnings and errors are logged.
      logLevel: 'warn',
      schema: { hide: true, params: z.object({ token: z.string().max(64), file: z.string().regex(TEST_STREAM_FILE) }) },
    },
    async (request, reply) => {
      const { token, file } = request.params;
      const bytes = await deps.testStream.file(token, file);
      const playlist = file.endsWith('.m3u8');
      reply.header('cache-control', playlist ? 'no-cache, no-store' : 'private, max-age=60');
      return reply.type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t').send(bytes);
    },
  );
}
