import { LIVE, formatUtc, type TestStreamReply } from '@vigil/contract';
import type { Clock } from '../../lib/clock.js';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import type { MediaSigner } from '../../media/signing.js';
import { TEST_STREAM_FOLDER, TEST_STREAM_PLAYLIST, type TestStreamGenerator } from '../../media/test-stream.js';

export const NO_TEST_STREAM = 'There is no test stream: ffmpeg is not installed on the server (npm start installs it; or set FFMPEG_PATH).';

/**
 * The HLS test-stream fallback (spec part 1 §4, §9): a link, valid 1 hour, to the server's test stream, started on
 * demand; and its files, for whoever holds a valid link.
 */
export class TestStreamService {
  constructor(private readonly d: { generator: TestStreamGenerator | null; signer: MediaSigner; clock: Clock }) {}

  async open(): Promise<TestStreamReply> {
    if (!this.d.generator) throw new HttpError(409, NO_TEST_STREAM);
    await this.d.generator.ensureRunning();
    // Whole seconds, as the signature holds them.
    const expiresAt = Math.floor((this.d.clock.now() + LIVE.fallbackStreamSeconds * 1000) / 1000) * 1000;
    return {
      ok: true,
      url: this.d.signer.sign(`${TEST_STREAM_FOLDER}/`, expiresAt, TEST_STREAM_PLAYLIST),
      time_to_live: LIVE.fallbackStreamSeconds,
      expires_at: formatUtc(new Date(expiresAt)),
    };
  }

  /** A playlist fetch keeps the generator going; segments are read whole, gone ones are a clean 404. */
  async file(token: string, file: string): Promise<Buffer> {
    const verdict = this.d.signer.verify(token, `${TEST_STREAM_FOLDER}/${file}`, this.d.clock.now());
    if (!verdict.ok) throw forbidden(verdict.reason === 'expired' ? 'This test stream link has expired.' : 'This media link is not valid.');
    if (file === TEST_STREAM_PLAYLIST) this.d.generator?.touch();
    const bytes = await this.d.generator?.read(file);
    if (!bytes) throw notFound('The test stream is not running; ask for it again.');
    return bytes;
  }
}
