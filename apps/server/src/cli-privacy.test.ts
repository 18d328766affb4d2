import { describe, expect, it } from 'vitest';
import { shellOrigin } from './cli-privacy.js';
import { cliActor } from './modules/audit/audit.service.js';

describe('where a CLI command came from', () => {
  it('is the OS account running it, and who ran sudo when set', () => {
    expect(shellOrigin('vigil', {})).toBe('cli:vigil');
    expect(shellOrigin('root', { SUDO_USER: 'alice' })).toBe('cli:root (sudo by alice)');
    expect(shellOrigin('root', { SUDO_USER: ' ' })).toBe('cli:root');
    expect(shellOrigin('alice', { SUDO_USER: 'alice' })).toBe('cli:alice');
  });

  it('fits the audit trail’s address (64 characters), whatever the operator typed', () => {
    const actor = cliActor('Made.Up@Example.org', shellOrigin('root', { SUDO_USER: 'a'.repeat(100) }));
    expect(actor).toEqual({ userId: null, email: 'made.up@example.org', address: `cli:root (sudo by ${'a'.repeat(46)}` });
    expect(actor.address).toHaveLength(64);
  });
});
