import { describe, expect, it } from 'vitest';
import { clientErrorReportSchema, redactSecrets } from './client-errors.js';

describe('redactSecrets', () => {
  it('takes the password (and user) out of URLs', () => {
    expect(redactSecrets('Connection refused: rtsp://admin:s3cret@10.0.0.5:554/Streaming/Channels/101')).toBe(
      'Connection refused: rtsp://***:***@10.0.0.5:554/Streaming/Channels/101',
    );
  });

  it('takes the query and hash off absolute and relative URLs (signatures, tokens)', () => {
    expect(redactSecrets('GET http://host:8080/media/abc/clip.mp4?exp=1&sig=xyz failed')).toBe(
      'GET http://host:8080/media/abc/clip.mp4?… failed',
    );
    expect(redactSecrets('polling /socket.io/?token=GJtO&EIO=4 broke')).toBe('polling /socket.io/?… broke');
    expect(redactSecrets('back to http://localhost/#id_token=eyJ.a.b')).toBe('back to http://localhost/?…');
  });

  it('takes bearer tokens out', () => {
    expect(redactSecrets('Authorization: Bearer abc.DEF-123_x=')).toBe('Authorization: Bearer …');
  });

  it('leaves plain messages as they are', () => {
    expect(redactSecrets('Could not reach the server. Check your network connection.')).toBe(
      'Could not reach the server. Check your network connection.',
    );
  });
});

describe('clientErrorReportSchema', () => {
  it('needs a known kind and a message, and trims it', () => {
    expect(clientErrorReportSchema.parse({ kind: 'player', message: '  MEDIA_ERR_DECODE ', page: '/view' }).message).toBe(
      'MEDIA_ERR_DECODE',
    );
    expect(clientErrorReportSchema.safeParse({ kind: 'other', message: 'x', page: '/' }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ kind: 'network', message: ' ', page: '/' }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ kind: 'network', message: 'x'.repeat(2001), page: '/' }).success).toBe(false);
  });
});
