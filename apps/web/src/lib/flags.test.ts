import { describe, expect, it } from 'vitest';
import { sanitizeFlagValues } from './flags';

describe('sanitizeFlagValues', () => {
  it('keeps known flags with boolean values only', () => {
    expect(sanitizeFlagValues({ cameras_page: true, add_camera: 'yes', no_such_flag: true, viewer: false })).toEqual({
      cameras_page: true,
      viewer: false,
    });
  });

  it('reads anything else as no overrides', () => {
    expect(sanitizeFlagValues(undefined)).toEqual({});
    expect(sanitizeFlagValues('cameras_page')).toEqual({});
    expect(sanitizeFlagValues(null)).toEqual({});
  });
});
