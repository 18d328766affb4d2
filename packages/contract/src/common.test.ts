import { describe, expect, it } from 'vitest';
import { ingestTapSchema } from './badges-api.js';
import { isStorableText, storedText } from './common.js';
import { ingestBatchSchema } from './ingest.js';

// Lone surrogates (issue 36's fuzzer: stored as U+FFFD, so a retry missed the duplicate check) and NUL (PostgreSQL
// refuses it) in the texts machines send.
const LONE = ['\ud800', 'a\udbff', '\udc00b', 'x\udfffy', '\ud83d'];
const WELL_FORMED = ['', 'plain', 'é ü ß', 'music 𝄞', '😀 at the door', '\ufffd'];

describe('text the database stores as sent', () => {
  it('is well-formed UTF-16 without NUL, as String.prototype.isWellFormed says', () => {
    for (const text of WELL_FORMED) expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    for (const text of LONE) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
      expect((text as unknown as { isWellFormed(): boolean }).isWellFormed()).toBe(false);
    }
    expect(isStorableText('a\u0000b')).toBe(false);
  });

  it('is stored with U+FFFD for each lone surrogate and NUL, as the UTF-8 drivers write a lone surrogate', () => {
    for (const text of [...LONE, ...WELL_FORMED])
      expect(storedText(text)).toBe((text as unknown as { toWellFormed(): string }).toWellFormed());
    expect(storedText('a\u0000b\u0000')).toBe('a\ufffdb\ufffd');
    // What UTF-8 makes of it is what it is: a second write stores the same text.
    const utf8 = new TextDecoder().decode(new TextEncoder().encode('door-\ud800'));
    expect(utf8).toBe(storedText('door-\ud800'));
  });
});

describe('ids and names machines send', () => {
  const tap = {
    source_id: 't-1',
    at: '2026-03-01T10:00:00Z',
    access_point: { id: 'front', description: 'Front door' },
    identity: { id: 'UNIT12B-ANNA0001', name: 'ANNA', unit: '12B' },
    credential: { id: '0004412345', label: 'Blue fob' },
  };
  const event = {
    camera_uuid: 'c1a00001-0000-4000-8000-00000000a003',
    started_at: '2026-03-01T10:00:00Z',
    objects: [{ name: 'person', confidence: 0.8 }],
  };

  it.each([
    ['source_id', { source_id: 't-\ud800' }],
    ['access_point.id', { access_point: { id: '\udc00' } }],
    ['access_point.description', { access_point: { id: 'front', description: 'Front\u0000door' } }],
    ['identity.name', { identity: { ...tap.identity, name: 'ANNA \ud83d' } }],
    ['identity.unit', { identity: { ...tap.identity, unit: '12\udbff' } }],
    ['credential.id', { credential: { id: '\ud8000001' } }],
    ['credential.label', { credential: { id: '1', label: 'fob \udfff' } }],
  ])('a tap is refused with its %s named', (field, over) => {
    expect(ingestTapSchema.safeParse(tap).success).toBe(true);
    const result = ingestTapSchema.safeParse({ ...tap, ...over });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });

  it.each([
    ['source_id', { source_id: 'ev-\ud800' }],
    ['description', { description: 'Camera \udc00 at the gate' }],
    ['source_id', { source_id: 'ev\u00001' }],
  ])('an event of a batch is refused with its %s named', (field, over) => {
    expect(ingestBatchSchema.safeParse({ events: [{ ...event, source_id: 'ev-1 𝄞', description: 'Gate 😀' }] }).success).toBe(true);
    const result = ingestBatchSchema.safeParse({ events: [{ ...event, ...over }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([`events.0.${field}`]);
  });
});
