import { describe, expect, it } from 'vitest';
import {
  CHANNEL_SUFFIX_PATTERN,
  DEFAULT_RTSP_PORT,
  FLOOR_PATTERN,
  HIKVISION_STREAMS,
  IPV4_PATTERN,
  MANUFACTURERS,
  PORT_PATTERN,
  TRAILING_NUMBER_PATTERN,
  hikvisionPath,
  isAbsoluteUrl,
  parseRtspUrl,
  rtspUrl,
  streamPath,
  type RtspParts,
} from './streams.js';

describe('Hikvision form (spec part 1 §3)', () => {
  it('offers High Resolution = 1 and Low Resolution = 2', () => {
    expect(HIKVISION_STREAMS).toEqual([
      { label: 'High Resolution', value: 1 },
      { label: 'Low Resolution', value: 2 },
    ]);
  });

  it('builds /Streaming/Channels/{channel}0{stream}', () => {
    expect(hikvisionPath(1, 1)).toBe('/Streaming/Channels/101');
    expect(hikvisionPath(1, 2)).toBe('/Streaming/Channels/102');
    expect(hikvisionPath(12, 1)).toBe('/Streaming/Channels/1201');
    expect(hikvisionPath(12, 2)).toBe('/Streaming/Channels/1202');
  });
});

describe('streamPath (spec part 1 §9 stream path rules)', () => {
  it('knows the four manufacturers', () => {
    expect([...MANUFACTURERS]).toEqual(['Hikvision', 'Axis', 'UNV', 'TVI']);
  });

  it('Hikvision via NVR: the channel then 01 for high, 02 for low', () => {
    expect(streamPath('Hikvision', 'nvr', 3, 'high')).toBe('/Streaming/Channels/301');
    expect(streamPath('Hikvision', 'nvr', 3, 'low')).toBe('/Streaming/Channels/302');
    expect(streamPath('Hikvision', 'nvr', 16, 'high')).toBe('/Streaming/Channels/1601');
  });

  it('Hikvision internal: 101 for high, 102 for low, whatever the channel', () => {
    expect(streamPath('Hikvision', 'internal', 7, 'high')).toBe('/Streaming/Channels/101');
    expect(streamPath('Hikvision', 'internal', 7, 'low')).toBe('/Streaming/Channels/102');
  });

  it('Axis: primary profile for high, secondary for low, either connection', () => {
    for (const connection of ['nvr', 'internal'] as const) {
      expect(streamPath('Axis', connection, 2, 'high')).toBe('/axis-media/media.amp?streamprofile=primary');
      expect(streamPath('Axis', connection, 2, 'low')).toBe('/axis-media/media.amp?streamprofile=secondary');
    }
  });

  it('UNV: unicast/c{n}/s1/live for both qualities and connections', () => {
    for (const connection of ['nvr', 'internal'] as const) {
      for (const quality of ['high', 'low'] as const) {
        expect(streamPath('UNV', connection, 4, quality)).toBe('/unicast/c4/s1/live');
      }
    }
  });

  it('TVI: realmonitor on the channel with subtype 0 for both qualities and connections', () => {
    for (const connection of ['nvr', 'internal'] as const) {
      for (const quality of ['high', 'low'] as const) {
        expect(streamPath('TVI', connection, 5, quality)).toBe('/cam/realmonitor?channel=5&subtype=0');
      }
    }
  });
});

describe('isAbsoluteUrl (spec part 1 §5)', () => {
  it('is true for a scheme, a dot and a slash in that order', () => {
    expect(isAbsoluteUrl('http://a.b/c')).toBe(true);
    expect(isAbsoluteUrl('https://example.com/')).toBe(true);
    expect(isAbsoluteUrl('rtsp://10.0.0.1/x')).toBe(true);
    expect(isAbsoluteUrl('HTTP://A.B/C')).toBe(true);
  });

  it('is true for a URL starting with {host}', () => {
    expect(isAbsoluteUrl('{host}/api')).toBe(true);
    expect(isAbsoluteUrl('{host}')).toBe(true);
  });

  it('is false without a scheme, a dot or a slash after the dot', () => {
    expect(isAbsoluteUrl('localhost/x')).toBe(false);
    expect(isAbsoluteUrl('example.com/x')).toBe(false);
    expect(isAbsoluteUrl('/relative')).toBe(false);
    expect(isAbsoluteUrl('http://nodot/')).toBe(false);
    expect(isAbsoluteUrl('http://a.b')).toBe(false);
    expect(isAbsoluteUrl('x{host}/api')).toBe(false);
    expect(isAbsoluteUrl('')).toBe(false);
  });
});

describe('IPV4_PATTERN', () => {
  it('matches dotted quads of 0-255', () => {
    for (const ip of ['10.0.0.1', '192.168.1.254', '0.0.0.0', '255.255.255.255', '8.8.8.8']) {
      expect(IPV4_PATTERN.test(ip), ip).toBe(true);
    }
  });

  it('refuses out-of-range parts, wrong part counts, leading zeros and surrounding text', () => {
    for (const ip of [
      '256.1.1.1',
      '1.1.1.256',
      '10.0.0',
      '10.0.0.1.5',
      '01.2.3.4',
      'ip 10.0.0.1',
      '10.0.0.1 ',
      'x10.0.0.1',
      '10.0.0.1/24',
      'a.b.c.d',
      '',
    ]) {
      expect(IPV4_PATTERN.test(ip), ip).toBe(false);
    }
  });
});

describe('PORT_PATTERN (up to four digits)', () => {
  it('matches one to four digits', () => {
    for (const port of ['1', '80', '554', '8554', '9999']) expect(PORT_PATTERN.test(port), port).toBe(true);
  });

  it('refuses five digits, empty and non-digits', () => {
    for (const port of ['65535', '10000', '', '55a', ' 554', '-1', '5.5']) expect(PORT_PATTERN.test(port), port).toBe(false);
  });
});

describe('FLOOR_PATTERN', () => {
  const floor = (text: string) => FLOOR_PATTERN.exec(text)?.[1];

  it('captures the floor number after floor, fl or level, any case', () => {
    expect(floor('Floor 3 Hallway')).toBe('3');
    expect(floor('Stairwell floor12')).toBe('12');
    expect(floor('FL. 7 Elevator Banks')).toBe('7');
    expect(floor('fl 2')).toBe('2');
    expect(floor('Level 10 Lobby')).toBe('10');
  });

  it('does not match words that merely contain the keyword, or no number', () => {
    expect(floor('Overflow 3')).toBeUndefined();
    expect(floor('Floor Lobby')).toBeUndefined();
    expect(floor('Lobby 3')).toBeUndefined();
    expect(floor('Floor 3B')).toBeUndefined();
  });
});

describe('TRAILING_NUMBER_PATTERN', () => {
  const trailing = (text: string) => TRAILING_NUMBER_PATTERN.exec(text)?.[1];

  it('captures the number at the end, ignoring trailing spaces', () => {
    expect(trailing('Camera 12')).toBe('12');
    expect(trailing('Lobby7')).toBe('7');
    expect(trailing('Hallway 4  ')).toBe('4');
  });

  it('does not match when the text does not end with a number', () => {
    expect(trailing('12 Lobby')).toBeUndefined();
    expect(trailing('Lobby')).toBeUndefined();
  });
});

describe('CHANNEL_SUFFIX_PATTERN', () => {
  const channel = (text: string) => CHANNEL_SUFFIX_PATTERN.exec(text)?.[1];

  it('captures a trailing ch/channel number, any case', () => {
    expect(channel('Front Door ch3')).toBe('3');
    expect(channel('Front Door CH 12')).toBe('12');
    expect(channel('Garage Channel 4')).toBe('4');
    expect(channel('Garage channel7 ')).toBe('7');
  });

  it('does not match a channel that is not the suffix, or a bare number', () => {
    expect(channel('ch3 Front Door')).toBeUndefined();
    expect(channel('Front Door 3')).toBeUndefined();
    expect(channel('Front Door ch')).toBeUndefined();
  });
});

describe('parseRtspUrl (the Other profile url split into parts)', () => {
  it('splits host, port, path and credentials', () => {
    expect(parseRtspUrl('rtsp://admin:secret@10.0.0.20:8554/Streaming/Channels/101')).toEqual({
      protocol: 'rtsp',
      host: '10.0.0.20',
      port: 8554,
      path: '/Streaming/Channels/101',
      username: 'admin',
      password: 'secret',
    });
  });

  it('defaults the port to 554 and the path to /', () => {
    expect(DEFAULT_RTSP_PORT).toBe(554);
    expect(parseRtspUrl('rtsp://cam.example.com')).toEqual({ protocol: 'rtsp', host: 'cam.example.com', port: 554, path: '/' });
  });

  it('keeps the query in the path', () => {
    expect(parseRtspUrl('rtsp://10.0.0.5/cam/realmonitor?channel=1&subtype=0')?.path).toBe('/cam/realmonitor?channel=1&subtype=0');
  });

  it('accepts rtsps and trims surrounding spaces', () => {
    expect(parseRtspUrl('  rtsps://10.0.0.5:322/live  ')).toEqual({ protocol: 'rtsps', host: '10.0.0.5', port: 322, path: '/live' });
  });

  it('leaves out absent credentials and keeps a user without a password', () => {
    const noAuth = parseRtspUrl('rtsp://10.0.0.5/live');
    expect(noAuth).not.toHaveProperty('username');
    expect(noAuth).not.toHaveProperty('password');
    const userOnly = parseRtspUrl('rtsp://viewer@10.0.0.5/live');
    expect(userOnly?.username).toBe('viewer');
    expect(userOnly).not.toHaveProperty('password');
  });

  it('decodes percent-encoded credentials', () => {
    const parts = parseRtspUrl('rtsp://ad%20min:p%40ss%3Aw0rd%2F@10.0.0.5/live');
    expect(parts?.username).toBe('ad min');
    expect(parts?.password).toBe('p@ss:w0rd/');
  });

  it('keeps a password with a stray % as typed instead of throwing', () => {
    expect(parseRtspUrl('rtsp://admin:100%zz@10.0.0.5/live')?.password).toBe('100%zz');
  });

  it('returns null for other schemes and garbage', () => {
    expect(parseRtspUrl('http://10.0.0.5/live')).toBeNull();
    expect(parseRtspUrl('https://cam.example.com/stream')).toBeNull();
    expect(parseRtspUrl('10.0.0.5:554/live')).toBeNull();
    expect(parseRtspUrl('not a url')).toBeNull();
    expect(parseRtspUrl('')).toBeNull();
    expect(parseRtspUrl('rtsp://')).toBeNull();
  });
});

describe('rtspUrl', () => {
  it('writes credentials, host, port and path', () => {
    expect(
      rtspUrl({ protocol: 'rtsp', host: '10.0.0.20', port: 554, path: '/Streaming/Channels/101', username: 'admin', password: 'pw' }),
    ).toBe('rtsp://admin:pw@10.0.0.20:554/Streaming/Channels/101');
  });

  it('adds a missing leading slash, and drops a password without a user', () => {
    expect(rtspUrl({ protocol: 'rtsps', host: 'cam', port: 322, path: 'live' })).toBe('rtsps://cam:322/live');
    expect(rtspUrl({ protocol: 'rtsp', host: 'cam', port: 554, path: '/', password: 'pw' })).toBe('rtsp://cam:554/');
    expect(rtspUrl({ protocol: 'rtsp', host: 'cam', port: 554, path: '/', username: 'u' })).toBe('rtsp://u@cam:554/');
  });

  it('percent-encodes credentials', () => {
    expect(rtspUrl({ protocol: 'rtsp', host: 'cam', port: 554, path: '/', username: 'a@b', password: 'p:w/@#' })).toBe(
      'rtsp://a%40b:p%3Aw%2F%40%23@cam:554/',
    );
  });

  it('round-trips with parseRtspUrl', () => {
    const cases: RtspParts[] = [
      { protocol: 'rtsp', host: '10.0.0.20', port: 554, path: '/Streaming/Channels/101', username: 'admin', password: 'secret' },
      { protocol: 'rtsps', host: 'cam.example.com', port: 8554, path: '/cam/realmonitor?channel=2&subtype=0' },
      { protocol: 'rtsp', host: '10.0.0.21', port: 9000, path: '/unicast/c3/s1/live', username: 'ad min', password: 'p@ss:w/rd%?#&' },
      { protocol: 'rtsp', host: '10.0.0.22', port: 554, path: '/live', username: 'viewer' },
    ];
    for (const parts of cases) {
      expect(parseRtspUrl(rtspUrl(parts))).toEqual(parts);
    }
  });
});
