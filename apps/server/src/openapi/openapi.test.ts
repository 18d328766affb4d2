import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, generateOpenApi } from './openapi.js';

describe('apps/server/openapi.json', () => {
  it('is what the routes generate (run `npm run openapi` after changing a route)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await generateOpenApi());
  });
});
