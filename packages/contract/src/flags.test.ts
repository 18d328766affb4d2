import { describe, expect, it } from 'vitest';
import { FLAG_DEFINITIONS, FLAG_IDS, parseFlagSetting, resolveFlag, resolveFlags, type FlagId } from './flags.js';

describe('resolveFlag', () => {
  it('uses the default when neither layer sets the flag', () => {
    expect(resolveFlag('viewer', {}, {})).toMatchObject({ value: true, source: 'default', server: undefined, local: undefined });
    expect(resolveFlag('cameras_page', {}, {})).toMatchObject({ value: false, source: 'default' });
  });

  it('lets the env value override the default, both ways', () => {
    expect(resolveFlag('viewer', { viewer: false }, {})).toMatchObject({ value: false, source: 'env', server: false, local: undefined });
    expect(resolveFlag('cameras_page', { cameras_page: true }, {})).toMatchObject({ value: true, source: 'env', server: true });
  });

  it('lets the local value override the env value, both ways', () => {
    expect(resolveFlag('cameras_page', { cameras_page: true }, { cameras_page: false })).toMatchObject({
      value: false,
      source: 'local',
      server: true,
      local: false,
    });
    expect(resolveFlag('hls', { hls: false }, { hls: true })).toMatchObject({ value: true, source: 'local', server: false, local: true });
  });

  it('lets the local value override the default when env is unset', () => {
    expect(resolveFlag('viewer', {}, { viewer: false })).toMatchObject({ value: false, source: 'local', server: undefined, local: false });
  });

  it('reports local as the source even when the local value equals the env value', () => {
    expect(resolveFlag('dev_endpoint', { dev_endpoint: true }, { dev_endpoint: true }).source).toBe('local');
  });

  it('ignores values set for other flags', () => {
    expect(resolveFlag('add_camera', { cameras_page: true }, { hls: false })).toMatchObject({ value: false, source: 'default' });
  });

  it('carries the description and date of the flag being resolved', () => {
    const resolved = resolveFlag('dummy_face_names', {}, {});
    expect(resolved.identifier).toBe('dummy_face_names');
    expect(resolved.description).toMatch(/generated names/);
    expect(resolved.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('throws for an identifier that is not a defined flag', () => {
    expect(() => resolveFlag('nope' as FlagId, {}, {})).toThrow(/Unknown feature flag nope/);
  });
});

describe('resolveFlags', () => {
  it('resolves every defined flag, keyed by its own identifier', () => {
    const all = resolveFlags({}, {});
    expect(Object.keys(all).sort()).toEqual(FLAG_DEFINITIONS.map((flag) => flag.identifier).sort());
    for (const [key, flag] of Object.entries(all)) expect(flag.identifier).toBe(key);
  });

  it('applies each layer to its own flag only', () => {
    const all = resolveFlags({ cameras_page: true, viewer: false }, { viewer: true, hls: false });
    expect(all.cameras_page).toMatchObject({ value: true, source: 'env' });
    expect(all.viewer).toMatchObject({ value: true, source: 'local' });
    expect(all.hls).toMatchObject({ value: false, source: 'local' });
    expect(all.add_camera).toMatchObject({ value: false, source: 'default' });
    const touched = new Set(['cameras_page', 'viewer', 'hls']);
    for (const id of FLAG_IDS.filter((flagId) => !touched.has(flagId))) expect(all[id].source).toBe('default');
  });

  it('ships the §9 defaults', () => {
    const all = resolveFlags({}, {});
    const on: FlagId[] = [
      'viewer',
      'alerts_tab',
      'faces',
      'staff_tools',
      'microsoft_login',
      'navbar_building_picker',
      'hls',
      'credentials',
    ];
    const off: FlagId[] = ['cameras_page', 'add_camera', 'dashboard_stats', 'new_training_filters', 'dev_endpoint'];
    for (const id of on) expect({ id, ...all[id] }).toMatchObject({ id, value: true, source: 'default' });
    for (const id of off) expect({ id, ...all[id] }).toMatchObject({ id, value: false, source: 'default' });
  });
});

describe('parseFlagSetting', () => {
  it('gives {} for an empty or missing setting', () => {
    expect(parseFlagSetting(undefined)).toEqual({});
    expect(parseFlagSetting('')).toEqual({});
    expect(parseFlagSetting('  ')).toEqual({});
    expect(parseFlagSetting(' , ,, ')).toEqual({});
  });

  it('parses several name=value pairs', () => {
    expect(parseFlagSetting('cameras_page=on,add_camera=off')).toEqual({ cameras_page: true, add_camera: false });
  });

  it.each(['on', 'true', '1', 'yes', 'ON', 'True', 'YES'])('reads %s as on', (value) => {
    expect(parseFlagSetting(`hls=${value}`)).toEqual({ hls: true });
  });

  it.each(['off', 'false', '0', 'no', 'OFF', 'False', 'No'])('reads %s as off', (value) => {
    expect(parseFlagSetting(`hls=${value}`)).toEqual({ hls: false });
  });

  it('reads a bare name as on', () => {
    expect(parseFlagSetting('cameras_page')).toEqual({ cameras_page: true });
    expect(parseFlagSetting('cameras_page,viewer=off')).toEqual({ cameras_page: true, viewer: false });
  });

  it('trims spaces around entries, names and values', () => {
    expect(parseFlagSetting('  cameras_page = on ,  add_camera=off ,dev_endpoint  ')).toEqual({
      cameras_page: true,
      add_camera: false,
      dev_endpoint: true,
    });
  });

  it('throws for an unknown flag name, naming it', () => {
    expect(() => parseFlagSetting('cameras_page=on,not_a_flag=on')).toThrow(/unknown flag "not_a_flag"/);
    expect(() => parseFlagSetting('not_a_flag')).toThrow(/unknown flag "not_a_flag"/);
    expect(() => parseFlagSetting('Cameras_Page=on')).toThrow(/unknown flag/);
    expect(() => parseFlagSetting('=on')).toThrow(/unknown flag/);
  });

  it('throws for an unknown value, naming it', () => {
    expect(() => parseFlagSetting('cameras_page=maybe')).toThrow(/"maybe" for cameras_page/);
    expect(() => parseFlagSetting('cameras_page=2')).toThrow(/use on or off/);
    expect(() => parseFlagSetting('cameras_page=')).toThrow(/use on or off/);
  });

  it('throws rather than ignore whatever follows a second =', () => {
    expect(() => parseFlagSetting('cameras_page=on=off')).toThrow(/use on or off/);
  });
});
