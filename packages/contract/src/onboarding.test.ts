import { describe, expect, it } from 'vitest';
import {
  CLIP_STORAGE,
  DEFAULT_MAP_CENTER,
  FNAME_PATTERN,
  ONBOARDING_ALERTING,
  ONBOARDING_MESSAGES,
  SELECTED_PLACE_ZOOM,
  SNAPSHOT_PORT,
  buildOnboardingPayload,
  buildingIssues,
  cameraRowIssues,
  domainNewBodySchema,
  nextCameraNumber,
  rowStreams,
  snapshotTarget,
  suggestFname,
  type BuildingDraft,
  type CameraRowDraft,
  type DomainNewBody,
  type SnapshotHosts,
} from './onboarding.js';
import { addressFlag, formatGeoloc, geolocSchema } from './maps.js';
import { newCameraRow } from './onboarding-rows.js';
import { DEFAULT_RTSP_PORT } from './streams.js';

// ---------------------------------------------------------------- fixtures

const ID1 = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const ID2 = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const ID3 = 'c0ffee00-1234-4abc-9def-0123456789ab';
const FOREIGN_ID = '99999999-8888-4777-a666-555555555555';

const HOSTS: SnapshotHosts = { local: '10.1.2.3', cloud: 'gpu.cloud.example.com' };

const building = (over: Partial<BuildingDraft> = {}): BuildingDraft => ({
  description: 'Harbor View Apartments',
  fname: 'harbor-view',
  group: 'Acme Management',
  address: '100 Harbor Rd, New York, NY 10001, USA',
  geoloc: '40.712800,-74.006000',
  timezone: 'America/New_York',
  ...over,
});

/** A complete, valid row: Hikvision via NVR, local GPU, low and high streams. */
const row = (over: Partial<CameraRowDraft> = {}): CameraRowDraft => ({
  id: ID1,
  manufacturer: 'Hikvision',
  type: 'nvr',
  gpu: 'local',
  address: '192.168.1.64',
  port: '554',
  channel: '1',
  fname: '1',
  description: 'Lobby',
  username: 'admin',
  password: 's3cret',
  streams: { low: true, high: true },
  adminURL: '',
  ...over,
});

const twoRows = (): CameraRowDraft[] => [
  row({ id: ID1, channel: '1', fname: '1', description: 'Lobby' }),
  row({ id: ID2, channel: '2', fname: '2', description: 'Garage entrance' }),
];

const validPayload = (): DomainNewBody => buildOnboardingPayload(building(), twoRows(), HOSTS);

/** The issues of a refused body as 'path → message' pairs (path joined with '.'). */
function refusal(body: unknown): { path: string; message: string }[] {
  const result = domainNewBodySchema.safeParse(body);
  expect(result.success).toBe(false);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
const paths = (body: unknown): string[] => refusal(body).map((i) => i.path);

// ---------------------------------------------------------------- §5 row rules

describe('cameraRowIssues: §5 rules with the spec texts', () => {
  it('a complete row has no errors and no notes', () => {
    expect(cameraRowIssues(row())).toEqual({ errors: [], notes: [] });
  });

  it('no manufacturer and no GPU: "Remember to make sure a manufacturer or GPU Type is selected"', () => {
    const { errors } = cameraRowIssues(row({ manufacturer: '', gpu: '' }));
    expect(errors).toContain('Remember to make sure a manufacturer or GPU Type is selected');
    expect(errors).not.toContain('Dont forget the GPU Type!');
  });

  it('no manufacturer but a GPU: still the manufacturer-or-GPU message', () => {
    const { errors } = cameraRowIssues(row({ manufacturer: '', gpu: 'cloud' }));
    expect(errors).toEqual(['Remember to make sure a manufacturer or GPU Type is selected']);
  });

  it('a manufacturer but no GPU: "Dont forget the GPU Type!"', () => {
    const { errors } = cameraRowIssues(row({ gpu: '' }));
    expect(errors).toEqual(['Dont forget the GPU Type!']);
    expect(errors).not.toContain(ONBOARDING_MESSAGES.manufacturerOrGpu);
  });

  it('TVI internal: "ERROR: TVI Cameras must be accessed through the NVR"', () => {
    const { errors, notes } = cameraRowIssues(row({ manufacturer: 'TVI', type: 'internal' }));
    expect(errors).toEqual(['ERROR: TVI Cameras must be accessed through the NVR']);
    expect(notes).toEqual([]);
  });

  it('TVI via NVR is fine', () => {
    expect(cameraRowIssues(row({ manufacturer: 'TVI', type: 'nvr' }))).toEqual({ errors: [], notes: [] });
  });

  it('UNV via NVR: a note (not an error) "UNV Cameras should be accessed through internal IP addresses"', () => {
    const { errors, notes } = cameraRowIssues(row({ manufacturer: 'UNV', type: 'nvr' }));
    expect(errors).toEqual([]);
    expect(notes).toEqual(['UNV Cameras should be accessed through internal IP addresses']);
  });

  it('UNV internal: no note', () => {
    expect(cameraRowIssues(row({ manufacturer: 'UNV', type: 'internal' }))).toEqual({ errors: [], notes: [] });
  });

  it('Hikvision and Axis are fine on either connection', () => {
    for (const manufacturer of ['Hikvision', 'Axis'] as const)
      for (const type of ['nvr', 'internal'] as const)
        expect(cameraRowIssues(row({ manufacturer, type }))).toEqual({ errors: [], notes: [] });
  });

  it('the message constants are the spec texts', () => {
    expect(ONBOARDING_MESSAGES).toMatchObject({
      invalidAddress: 'Please make sure you entered a valid address',
      gpuMissing: 'Dont forget the GPU Type!',
      tviNeedsNvr: 'ERROR: TVI Cameras must be accessed through the NVR',
      unvInternal: 'UNV Cameras should be accessed through internal IP addresses',
      manufacturerOrGpu: 'Remember to make sure a manufacturer or GPU Type is selected',
      submitFailed: 'Something went wrong while adding the camera.',
      timezoneFailed: 'Error. Response did not include a valid timezone.',
    });
  });

  describe('field checks', () => {
    const ADDRESS = 'Camera address must be an IP address or host name.';
    const PORT = 'Port must be a number from 1 to 65535.';
    const CHANNEL = 'Channel must be a whole number from 1.';
    const NUMBER = 'Camera number must be a whole number from 1.';
    const DESCRIPTION = 'Every camera needs a description.';
    const STREAM = 'Choose at least one stream (low or high).';

    it('address: IPv4 and host names pass (trimmed); empty, spaces, schemes and paths fail', () => {
      for (const address of ['10.0.0.5', 'nvr.example.com', 'cam-1', '  10.0.0.5  '])
        expect(cameraRowIssues(row({ address })).errors).not.toContain(ADDRESS);
      for (const address of ['', '   ', 'my camera', 'http://10.0.0.5', '10.0.0.5/path', '-bad', 'bad-', 'a@b'])
        expect(cameraRowIssues(row({ address })).errors, address).toEqual([ADDRESS]);
    });

    it('port: 1 to 65535', () => {
      for (const port of ['1', '554', '8554', '65535', ' 554 ']) expect(cameraRowIssues(row({ port })).errors, port).not.toContain(PORT);
      for (const port of ['', '0', '65536', '99999', '123456', 'abc', '-1', '55.4'])
        expect(cameraRowIssues(row({ port })).errors, port).toEqual([PORT]);
    });

    it('channel: a whole number from 1', () => {
      for (const channel of ['1', '16', '9999']) expect(cameraRowIssues(row({ channel })).errors).toEqual([]);
      for (const channel of ['', '0', '-1', '1.5', 'one', '10000'])
        expect(cameraRowIssues(row({ channel })).errors, channel).toEqual([CHANNEL]);
    });

    it('camera number: a whole number from 1', () => {
      for (const fname of ['1', '42']) expect(cameraRowIssues(row({ fname })).errors).toEqual([]);
      for (const fname of ['', '0', 'x', '2.5']) expect(cameraRowIssues(row({ fname })).errors, fname).toEqual([NUMBER]);
    });

    it('description: required (not just spaces)', () => {
      expect(cameraRowIssues(row({ description: '' })).errors).toEqual([DESCRIPTION]);
      expect(cameraRowIssues(row({ description: '   ' })).errors).toEqual([DESCRIPTION]);
    });

    it('streams: at least one of low or high', () => {
      expect(cameraRowIssues(row({ streams: { low: false, high: false } })).errors).toEqual([STREAM]);
      expect(cameraRowIssues(row({ streams: { low: true, high: false } })).errors).toEqual([]);
      expect(cameraRowIssues(row({ streams: { low: false, high: true } })).errors).toEqual([]);
    });

    it('reports every failing rule at once, §5 rules first', () => {
      const { errors } = cameraRowIssues(
        row({
          manufacturer: '',
          gpu: '',
          address: '',
          port: '0',
          channel: '0',
          fname: '0',
          description: '',
          streams: { low: false, high: false },
        }),
      );
      expect(errors).toEqual([ONBOARDING_MESSAGES.manufacturerOrGpu, ADDRESS, PORT, CHANNEL, NUMBER, DESCRIPTION, STREAM]);
    });
  });
});

// ---------------------------------------------------------------- building step

describe('buildingIssues', () => {
  it('a complete building has none', () => {
    expect(buildingIssues(building())).toEqual([]);
  });

  it('no address chosen: "Please make sure you entered a valid address"', () => {
    expect(buildingIssues(building({ address: '' }))).toEqual(['Please make sure you entered a valid address']);
    expect(buildingIssues(building({ address: '   ' }))).toEqual(['Please make sure you entered a valid address']);
  });

  it('no or bad geoloc: the same address message', () => {
    for (const geoloc of ['', 'nowhere', '91,0', '0,181', '40.7'])
      expect(buildingIssues(building({ geoloc })), geoloc).toEqual(['Please make sure you entered a valid address']);
  });

  it('no address and no geoloc: the message once', () => {
    expect(buildingIssues(building({ address: '', geoloc: '' }))).toEqual([ONBOARDING_MESSAGES.invalidAddress]);
  });

  it('no timezone: "Error. Response did not include a valid timezone."', () => {
    expect(buildingIssues(building({ timezone: '' }))).toEqual(['Error. Response did not include a valid timezone.']);
  });

  it('building name required', () => {
    expect(buildingIssues(building({ description: '  ' }))).toEqual(['Enter the building name.']);
  });

  it('short name: 2 to 40 lower-case letters, digits or dashes, not starting with a dash', () => {
    const FNAME = 'Short name: 2 to 40 lower-case letters, digits or dashes.';
    for (const fname of ['ab', 'harbor-view', '100-main', 'a'.repeat(40)]) expect(buildingIssues(building({ fname })), fname).toEqual([]);
    for (const fname of ['', 'a', 'Harbor', 'harbor view', '-harbor', 'harbor_view', 'a'.repeat(41), 'café'])
      expect(buildingIssues(building({ fname })), fname).toEqual([FNAME]);
  });

  it('lists every problem', () => {
    expect(buildingIssues({ description: '', fname: '', group: '', address: '', geoloc: '', timezone: '' })).toEqual([
      'Enter the building name.',
      'Short name: 2 to 40 lower-case letters, digits or dashes.',
      ONBOARDING_MESSAGES.invalidAddress,
      ONBOARDING_MESSAGES.timezoneFailed,
    ]);
  });
});

// ---------------------------------------------------------------- camera number (§5)

describe('nextCameraNumber (§5 camera number)', () => {
  const prev = { manufacturer: 'Hikvision', type: 'nvr', address: '192.168.1.64', port: '554', fname: '4' } as const;
  const same = { manufacturer: 'Hikvision', type: 'nvr', address: '192.168.1.64', port: '554' } as const;

  it('is 1 for the first row', () => {
    expect(nextCameraNumber(undefined, same)).toBe(1);
  });

  it('is the previous number plus 1 while manufacturer, type, address and port are the same', () => {
    expect(nextCameraNumber(prev, same)).toBe(5);
    expect(nextCameraNumber({ ...prev, fname: '1' }, same)).toBe(2);
  });

  it('ignores surrounding spaces in address and port', () => {
    expect(nextCameraNumber(prev, { ...same, address: ' 192.168.1.64 ', port: '554 ' })).toBe(5);
  });

  it('back to 1 when the manufacturer changes', () => {
    expect(nextCameraNumber(prev, { ...same, manufacturer: 'Axis' })).toBe(1);
  });

  it('back to 1 when the type changes', () => {
    expect(nextCameraNumber(prev, { ...same, type: 'internal' })).toBe(1);
  });

  it('back to 1 when the address changes', () => {
    expect(nextCameraNumber(prev, { ...same, address: '192.168.1.65' })).toBe(1);
  });

  it('back to 1 when the port changes', () => {
    expect(nextCameraNumber(prev, { ...same, port: '8554' })).toBe(1);
  });

  it('1 when the previous number is not a number', () => {
    expect(nextCameraNumber({ ...prev, fname: '' }, same)).toBe(1);
  });
});

describe('newCameraRow', () => {
  it('the first row: number 1, channel 1, default port 554, nothing chosen, both streams', () => {
    const first = newCameraRow(ID1);
    expect(first).toEqual({
      id: ID1,
      manufacturer: '',
      type: 'nvr',
      gpu: '',
      address: '',
      port: String(DEFAULT_RTSP_PORT),
      channel: '1',
      fname: '1',
      description: '',
      username: '',
      password: '',
      streams: { low: true, high: true },
      adminURL: '',
    });
    expect(first.port).toBe('554');
  });

  it('a sequence numbers 1, 2, 3 on channels 1, 2, 3 and keeps manufacturer, GPU, address, port and credentials', () => {
    const first: CameraRowDraft = {
      ...newCameraRow(ID1),
      manufacturer: 'Hikvision',
      type: 'nvr',
      gpu: 'cloud',
      address: '10.0.0.9',
      port: '8554',
      username: 'admin',
      password: 'pw!',
      description: 'Lobby',
      streams: { low: false, high: true },
    };
    const second = newCameraRow(ID2, first);
    const third = newCameraRow(ID3, second);
    const rows = [first, second, third];
    expect(rows.map((r) => r.id)).toEqual([ID1, ID2, ID3]);
    expect(rows.map((r) => r.fname)).toEqual(['1', '2', '3']);
    expect(rows.map((r) => r.channel)).toEqual(['1', '2', '3']);
    for (const r of [second, third]) {
      expect(r).toMatchObject({
        manufacturer: 'Hikvision',
        type: 'nvr',
        gpu: 'cloud',
        address: '10.0.0.9',
        port: '8554',
        username: 'admin',
        password: 'pw!',
        streams: { low: false, high: true },
      });
      expect(r.description).toBe('');
    }
    // the numbering agrees with nextCameraNumber
    expect(Number(third.fname)).toBe(nextCameraNumber(second, third));
  });

  it('does not share the streams object with the previous row by mutation', () => {
    const first = row();
    const second = newCameraRow(ID2, first);
    expect(second).not.toBe(first);
    expect(first.id).toBe(ID1);
    expect(first.channel).toBe('1');
    expect(first.fname).toBe('1');
  });

  it('channel 1 after a previous row whose channel is not a number', () => {
    expect(newCameraRow(ID2, row({ channel: '' })).channel).toBe('1');
  });
});

// ---------------------------------------------------------------- streams of a row (§9 path rules)

describe('rowStreams: full URLs with the §9 path rules', () => {
  it('Hikvision via NVR: /Streaming/Channels/{channel}01 high, {channel}02 low', () => {
    expect(rowStreams(row({ channel: '3', address: '10.0.0.5', port: '554' }))).toEqual([
      { quality: 'low', videoURL: 'rtsp://10.0.0.5:554/Streaming/Channels/302' },
      { quality: 'high', videoURL: 'rtsp://10.0.0.5:554/Streaming/Channels/301' },
    ]);
  });

  it('Hikvision internal: 101 high, 102 low whatever the channel', () => {
    expect(rowStreams(row({ type: 'internal', channel: '7', address: '10.0.0.6', port: '8554' }))).toEqual([
      { quality: 'low', videoURL: 'rtsp://10.0.0.6:8554/Streaming/Channels/102' },
      { quality: 'high', videoURL: 'rtsp://10.0.0.6:8554/Streaming/Channels/101' },
    ]);
  });

  it('Axis: primary profile for high, secondary for low', () => {
    expect(rowStreams(row({ manufacturer: 'Axis', type: 'internal', address: 'axis-1.local', port: '554' }))).toEqual([
      { quality: 'low', videoURL: 'rtsp://axis-1.local:554/axis-media/media.amp?streamprofile=secondary' },
      { quality: 'high', videoURL: 'rtsp://axis-1.local:554/axis-media/media.amp?streamprofile=primary' },
    ]);
  });

  it('UNV: /unicast/c{n}/s1/live', () => {
    expect(rowStreams(row({ manufacturer: 'UNV', type: 'internal', channel: '2', streams: { low: false, high: true } }))).toEqual([
      { quality: 'high', videoURL: 'rtsp://192.168.1.64:554/unicast/c2/s1/live' },
    ]);
  });

  it('TVI: realmonitor with the channel and subtype 0', () => {
    expect(rowStreams(row({ manufacturer: 'TVI', channel: '5', streams: { low: true, high: false } }))).toEqual([
      { quality: 'low', videoURL: 'rtsp://192.168.1.64:554/cam/realmonitor?channel=5&subtype=0' },
    ]);
  });

  it('only the chosen qualities; none without a manufacturer', () => {
    expect(rowStreams(row({ streams: { low: false, high: false } }))).toEqual([]);
    expect(rowStreams(row({ manufacturer: '' }))).toEqual([]);
  });

  it('trims the address, defaults the port to 554 and the channel to 1, never puts credentials in the URL', () => {
    const streams = rowStreams(row({ address: ' 10.0.0.7 ', port: '', channel: '', streams: { low: false, high: true } }));
    expect(streams).toEqual([{ quality: 'high', videoURL: 'rtsp://10.0.0.7:554/Streaming/Channels/101' }]);
    for (const s of rowStreams(row())) expect(s.videoURL).not.toContain('@');
  });
});

// ---------------------------------------------------------------- constants and helpers (§9)

describe('§9 constants and helpers', () => {
  it('snapshot targets: local and cloud are {ip}:9001/gpu/frame', () => {
    expect(SNAPSHOT_PORT).toBe(9001);
    expect(snapshotTarget('local', HOSTS)).toBe('10.1.2.3:9001/gpu/frame');
    expect(snapshotTarget('cloud', HOSTS)).toBe('gpu.cloud.example.com:9001/gpu/frame');
  });

  it('alerting per onboarded camera: snooze 7200, rate limit 120, singleshot', () => {
    expect(ONBOARDING_ALERTING).toEqual({ snooze: 7200, rate_limit: 120, alertingclass: 'singleshot' });
  });

  it('default map centre is New York; zoom 17 on a selected place', () => {
    expect(DEFAULT_MAP_CENTER.lat).toBeCloseTo(40.7128, 3);
    expect(DEFAULT_MAP_CENTER.lng).toBeCloseTo(-74.006, 3);
    expect(SELECTED_PLACE_ZOOM).toBe(17);
  });

  it('clip storage is the media store', () => {
    expect(CLIP_STORAGE).toBe('media-store');
  });
});

describe('suggestFname', () => {
  it('lower case, words joined by "-", no leading or trailing dash', () => {
    expect(suggestFname('Harbor View Apartments')).toBe('harbor-view-apartments');
    expect(suggestFname('  The Plaza  ')).toBe('the-plaza');
    expect(suggestFname('123 Main Street, Apt. #4')).toBe('123-main-street-apt-4');
    expect(suggestFname("St. Mary's -- North Wing!")).toBe('st-mary-s-north-wing');
  });

  it('drops accents instead of splitting words at them', () => {
    expect(suggestFname('Crème Brûlée Tower')).toBe('creme-brulee-tower');
    expect(suggestFname('Café Niño')).toBe('cafe-nino');
  });

  it('at most 40 characters, and no trailing dash after cutting', () => {
    const long = suggestFname(`${'a'.repeat(39)} bcd`);
    expect(long).toBe('a'.repeat(39));
    expect(suggestFname('x'.repeat(60))).toHaveLength(40);
    for (const name of ['Harbor View Apartments', `${'a'.repeat(39)} bcd`, 'The Very Long Building Name Of The North East Campus'])
      expect(suggestFname(name), name).toMatch(FNAME_PATTERN);
  });

  it('nothing usable gives an empty suggestion', () => {
    expect(suggestFname('!!!')).toBe('');
    expect(suggestFname('')).toBe('');
  });
});

describe('formatGeoloc', () => {
  it("is 'lat,lng' with six decimals", () => {
    expect(formatGeoloc({ lat: 40.7128, lng: -74.006 })).toBe('40.712800,-74.006000');
    expect(formatGeoloc({ lat: 0, lng: 0 })).toBe('0.000000,0.000000');
    expect(formatGeoloc({ lat: -33.8688197, lng: 151.2092958 })).toBe('-33.868820,151.209296');
  });

  it('round-trips through the geoloc schema', () => {
    expect(geolocSchema.safeParse(formatGeoloc(DEFAULT_MAP_CENTER)).success).toBe(true);
    expect(geolocSchema.safeParse(formatGeoloc({ lat: -89.9999999, lng: 179.9999999 })).success).toBe(true);
  });
});

// ---------------------------------------------------------------- the payload (§3)

describe('buildOnboardingPayload', () => {
  it('two Hikvision NVR rows (channels 1 and 2, local GPU, low + high) give the spec payload', () => {
    const payload = validPayload();
    expect(payload).toEqual({
      fname: 'harbor-view',
      description: 'Harbor View Apartments',
      group: 'Acme Management',
      address: '100 Harbor Rd, New York, NY 10001, USA',
      timezone: 'America/New_York',
      geoloc: '40.712800,-74.006000',
      cameras: [
        {
          id: ID1,
          channelNumber: 1,
          address: '192.168.1.64',
          port: 554,
          manufacturer: 'Hikvision',
          type: 'nvr',
          gpu: 'local',
          domainFname: 'harbor-view',
          cameraDescription: 'Lobby',
          fname: 1,
          username: 'admin',
          password: 's3cret',
          alerting: { slack_channel: '#harbor-view-alerts', snooze: 7200, rate_limit: 120, alertingclass: 'singleshot' },
          features: { adminURL: 'http://192.168.1.64' },
        },
        {
          id: ID2,
          channelNumber: 2,
          address: '192.168.1.64',
          port: 554,
          manufacturer: 'Hikvision',
          type: 'nvr',
          gpu: 'local',
          domainFname: 'harbor-view',
          cameraDescription: 'Garage entrance',
          fname: 2,
          username: 'admin',
          password: 's3cret',
          alerting: { slack_channel: '#harbor-view-alerts', snooze: 7200, rate_limit: 120, alertingclass: 'singleshot' },
          features: { adminURL: 'http://192.168.1.64' },
        },
      ],
      streams: [
        {
          id: ID1,
          quality: 'low',
          videoURL: 'rtsp://192.168.1.64:554/Streaming/Channels/102',
          clipStorage: 'media-store',
          snapshotTarget: '10.1.2.3:9001/gpu/frame',
        },
        {
          id: ID1,
          quality: 'high',
          videoURL: 'rtsp://192.168.1.64:554/Streaming/Channels/101',
          clipStorage: 'media-store',
          snapshotTarget: '10.1.2.3:9001/gpu/frame',
        },
        {
          id: ID2,
          quality: 'low',
          videoURL: 'rtsp://192.168.1.64:554/Streaming/Channels/202',
          clipStorage: 'media-store',
          snapshotTarget: '10.1.2.3:9001/gpu/frame',
        },
        {
          id: ID2,
          quality: 'high',
          videoURL: 'rtsp://192.168.1.64:554/Streaming/Channels/201',
          clipStorage: 'media-store',
          snapshotTarget: '10.1.2.3:9001/gpu/frame',
        },
      ],
    });
  });

  it('a row marked an exit carries is_exit; the others carry none, and the schema reads none as not an exit', () => {
    const payload = buildOnboardingPayload(building(), [row({ id: ID1 }), row({ id: ID2, channel: '2', fname: '2', isExit: true })], HOSTS);
    expect(payload.cameras.map((c) => c.is_exit)).toEqual([undefined, true]);
    const parsed = domainNewBodySchema.parse(payload);
    expect(parsed.cameras.map((c) => c.is_exit)).toEqual([false, true]);
    expect(refusal({ ...payload, cameras: [{ ...payload.cameras[0], is_exit: 'yes' }, payload.cameras[1]] })).toContainEqual({
      path: 'cameras.0.is_exit',
      message: expect.any(String) as string,
    });
  });

  it('the built payload passes domainNewBodySchema', () => {
    const result = domainNewBodySchema.safeParse(validPayload());
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('NVR cameras carry no ipaddr/ip4addr', () => {
    for (const camera of validPayload().cameras) {
      expect(camera.features).not.toHaveProperty('ipaddr');
      expect(camera.features).not.toHaveProperty('ip4addr');
    }
  });

  it('internal cameras with an IPv4 address carry ipaddr and ip4addr', () => {
    const payload = buildOnboardingPayload(building(), [row({ type: 'internal', address: ' 10.0.0.21 ' })], HOSTS);
    expect(payload.cameras[0]?.features).toEqual({ adminURL: 'http://10.0.0.21', ipaddr: '10.0.0.21', ip4addr: '10.0.0.21' });
    expect(payload.cameras[0]?.address).toBe('10.0.0.21');
    expect(domainNewBodySchema.safeParse(payload).success).toBe(true);
  });

  it('internal cameras with a host name carry no ipaddr/ip4addr', () => {
    const payload = buildOnboardingPayload(building(), [row({ type: 'internal', address: 'cam-7.local' })], HOSTS);
    expect(payload.cameras[0]?.features).toEqual({ adminURL: 'http://cam-7.local' });
    expect(domainNewBodySchema.safeParse(payload).success).toBe(true);
  });

  it('keeps a given admin page; cloud GPU uses the cloud snapshot target', () => {
    const payload = buildOnboardingPayload(
      building(),
      [row({ adminURL: ' https://nvr.example.com/admin ', gpu: 'cloud', streams: { low: false, high: true } })],
      HOSTS,
    );
    expect(payload.cameras[0]?.features.adminURL).toBe('https://nvr.example.com/admin');
    expect(payload.cameras[0]?.gpu).toBe('cloud');
    expect(payload.streams).toEqual([
      {
        id: ID1,
        quality: 'high',
        videoURL: 'rtsp://192.168.1.64:554/Streaming/Channels/101',
        clipStorage: CLIP_STORAGE,
        snapshotTarget: 'gpu.cloud.example.com:9001/gpu/frame',
      },
    ]);
  });

  it('payloads for every manufacturer and allowed connection pass the schema', () => {
    const rows = [
      row({ id: ID1, manufacturer: 'Axis', type: 'internal', address: '10.0.0.31' }),
      row({ id: ID2, manufacturer: 'UNV', type: 'internal', address: '10.0.0.32', port: '8554' }),
      row({ id: ID3, manufacturer: 'TVI', type: 'nvr', address: 'dvr.local', channel: '4' }),
    ];
    const result = domainNewBodySchema.safeParse(buildOnboardingPayload(building(), rows, HOSTS));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('throws the §5 message when a row lacks a manufacturer or GPU', () => {
    expect(() => buildOnboardingPayload(building(), [row({ manufacturer: '' })], HOSTS)).toThrow(
      'Remember to make sure a manufacturer or GPU Type is selected',
    );
    expect(() => buildOnboardingPayload(building(), [row({ manufacturer: '', gpu: '' })], HOSTS)).toThrow(
      ONBOARDING_MESSAGES.manufacturerOrGpu,
    );
    expect(() => buildOnboardingPayload(building(), [row(), row({ id: ID2, gpu: '' })], HOSTS)).toThrow('Dont forget the GPU Type!');
  });
});

// ---------------------------------------------------------------- the server's schema

describe('domainNewBodySchema refuses', () => {
  it('a bad geoloc', () => {
    for (const geoloc of ['', 'New York', '40.7', '91,0', '0,181', '40.7;-74.0'])
      expect(paths({ ...validPayload(), geoloc }), geoloc).toContain('geoloc');
  });

  it('a bad fname', () => {
    for (const fname of ['', 'X', 'Harbor-View', 'harbor view', '-harbor']) {
      const body = validPayload();
      body.fname = fname;
      for (const c of body.cameras) c.domainFname = fname;
      expect(paths(body), fname).toContain('fname');
    }
  });

  it('empty cameras', () => {
    expect(paths({ ...validPayload(), cameras: [] })).toContain('cameras');
  });

  it('a TVI camera on an internal connection', () => {
    const body = validPayload();
    body.cameras[1]!.manufacturer = 'TVI';
    body.cameras[1]!.type = 'internal';
    expect(refusal(body)).toContainEqual({ path: 'cameras.1.type', message: ONBOARDING_MESSAGES.tviNeedsNvr });
  });

  it('duplicate camera ids', () => {
    const body = validPayload();
    body.cameras[1]!.id = ID1;
    body.streams = body.streams.map((s) => ({ ...s, id: ID1 }));
    const issues = refusal(body);
    expect(issues.map((i) => i.path)).toContain('cameras.1.id');
    expect(issues.find((i) => i.path === 'cameras.1.id')?.message).toMatch(/appears twice/);
  });

  it('a stream naming no camera', () => {
    const body = validPayload();
    body.streams.push({ ...body.streams[0]!, id: FOREIGN_ID });
    expect(paths(body)).toContain('streams.4.id');
  });

  it('a camera without a stream', () => {
    const body = validPayload();
    body.streams = body.streams.filter((s) => s.id !== ID2);
    expect(refusal(body)).toContainEqual({ path: 'cameras.1.id', message: `camera ${ID2} has no stream` });
  });

  it('two streams of the same quality for one camera', () => {
    const body = validPayload();
    body.streams.push({ ...body.streams[0]! });
    expect(paths(body)).toContain('streams.4.quality');
  });

  it("a stream whose videoURL host differs from its camera's address", () => {
    const body = validPayload();
    body.streams[2]!.videoURL = 'rtsp://192.168.1.99:554/Streaming/Channels/202';
    expect(refusal(body)).toContainEqual({ path: 'streams.2.videoURL', message: "videoURL host must be the camera's address" });
  });

  it("a stream whose videoURL port differs from its camera's port", () => {
    const body = validPayload();
    body.streams[1]!.videoURL = 'rtsp://192.168.1.64:8554/Streaming/Channels/101';
    expect(refusal(body)).toContainEqual({ path: 'streams.1.videoURL', message: "videoURL port must be the camera's port" });
  });

  it('a videoURL without a port is taken as 554', () => {
    const ok = validPayload();
    ok.streams[0]!.videoURL = 'rtsp://192.168.1.64/Streaming/Channels/102';
    expect(domainNewBodySchema.safeParse(ok).success).toBe(true);
    const bad = buildOnboardingPayload(building(), [row({ port: '8554' })], HOSTS);
    bad.streams[0]!.videoURL = 'rtsp://192.168.1.64/Streaming/Channels/102';
    expect(paths(bad)).toContain('streams.0.videoURL');
  });

  it('credentials inside a videoURL', () => {
    for (const videoURL of [
      'rtsp://admin:s3cret@192.168.1.64:554/Streaming/Channels/102',
      'rtsp://admin@192.168.1.64:554/Streaming/Channels/102',
    ]) {
      const body = validPayload();
      body.streams[0]!.videoURL = videoURL;
      expect(refusal(body), videoURL).toContainEqual({
        path: 'streams.0.videoURL',
        message: 'videoURL must be rtsp://host:port/path without credentials',
      });
    }
  });

  it("a domainFname that is not the building's fname", () => {
    const body = validPayload();
    body.cameras[0]!.domainFname = 'other-building';
    expect(refusal(body)).toContainEqual({
      path: 'cameras.0.domainFname',
      message: "domainFname must be the building's fname (harbor-view)",
    });
  });

  it('a camera without a GPU type, with "Dont forget the GPU Type!"', () => {
    const body = validPayload() as unknown as { cameras: Record<string, unknown>[] };
    delete body.cameras[0]!.gpu;
    expect(refusal(body)).toContainEqual({ path: 'cameras.0.gpu', message: 'Dont forget the GPU Type!' });
  });

  it('an unknown GPU type, with the same message', () => {
    const body = validPayload() as unknown as { cameras: Record<string, unknown>[] };
    body.cameras[1]!.gpu = 'edge';
    expect(refusal(body)).toContainEqual({ path: 'cameras.1.gpu', message: ONBOARDING_MESSAGES.gpuMissing });
  });

  it('an unknown manufacturer or connection, or a malformed camera id', () => {
    const a = validPayload() as unknown as { cameras: Record<string, unknown>[] };
    a.cameras[0]!.manufacturer = 'Sony';
    expect(paths(a)).toContain('cameras.0.manufacturer');
    const b = validPayload() as unknown as { cameras: Record<string, unknown>[] };
    b.cameras[0]!.type = 'wifi';
    expect(paths(b)).toContain('cameras.0.type');
    const c = validPayload();
    c.cameras[0]!.id = 'not an id';
    expect(refusal(c)).toContainEqual({ path: 'cameras.0.id', message: 'id must be letters, digits, dots, dashes or underscores' });
  });

  it('an empty address', () => {
    expect(refusal({ ...validPayload(), address: '  ' })).toContainEqual({
      path: 'address',
      message: ONBOARDING_MESSAGES.invalidAddress,
    });
  });

  it('a camera with wrong alerting class', () => {
    const body = validPayload() as unknown as { cameras: { alerting: Record<string, unknown> }[] };
    body.cameras[0]!.alerting.alertingclass = 'continuous';
    expect(paths(body)).toContain('cameras.0.alerting.alertingclass');
  });
});

// ---------------------------------------------------------------- the payload as the spec describes it

/** POST /api/v1/domain/new as part 1 §3 and §9 describe it: the onboarding domain has no address; ids are numbers. */
const specPayload = () => ({
  fname: 'harbor-view',
  description: 'Harbor View Apartments',
  group: 'Acme Management',
  timezone: 'America/New_York',
  geoloc: '40.712800,-74.006000',
  cameras: [1, 2].map((n) => ({
    id: n,
    channelNumber: n,
    address: '192.168.1.64',
    port: 554,
    manufacturer: 'Hikvision',
    type: 'nvr',
    gpu: 'local',
    domainFname: 'harbor-view',
    cameraDescription: n === 1 ? 'Lobby' : 'Garage entrance',
    fname: n,
    username: 'admin',
    password: 's3cret',
    alerting: { slack_channel: '#harbor-view-alerts', snooze: 7200, rate_limit: 120, alertingclass: 'singleshot' },
    features: { adminURL: 'http://192.168.1.64' },
  })),
  streams: [1, 2].flatMap((n) =>
    (['high', 'low'] as const).map((quality) => ({
      id: n,
      videoURL: `rtsp://192.168.1.64:554/Streaming/Channels/${n}0${quality === 'high' ? 1 : 2}`,
      quality,
      clipStorage: CLIP_STORAGE,
      snapshotTarget: '10.1.2.3:9001/gpu/frame',
    })),
  ),
});

describe('domainNewBodySchema takes the payload as the spec describes it', () => {
  it('without an address, with number ids, read as strings', () => {
    const result = domainNewBodySchema.safeParse(specPayload());
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.address).toBeUndefined();
    expect(result.data?.cameras.map((c) => c.id)).toEqual(['1', '2']);
    expect(result.data?.streams.map((s) => s.id)).toEqual(['1', '1', '2', '2']);
  });

  it('with ids as numbers in one place and strings in another: 7 and "7" name the same camera', () => {
    const body = specPayload();
    const mixed = { ...body, streams: body.streams.map((s) => ({ ...s, id: String(s.id) })) };
    expect(domainNewBodySchema.safeParse(mixed).success).toBe(true);
    const uuids = {
      ...body,
      cameras: body.cameras.map((c, i) => ({ ...c, id: [ID1, ID2][i]! })),
      streams: body.streams.map((s) => ({ ...s, id: [ID1, ID2][s.id - 1]! })),
    };
    expect(domainNewBodySchema.safeParse(uuids).data?.cameras.map((c) => c.id)).toEqual([ID1, ID2]);
  });

  it('keeps refusing what would spoil the data: the same camera twice, a stream of no camera, a blank address', () => {
    const body = specPayload();
    const twice = { ...body, cameras: body.cameras.map((c) => ({ ...c, id: c.id === 2 ? '1' : 1 })) };
    expect(refusal(twice)).toContainEqual({ path: 'cameras.1.id', message: 'camera id 1 appears twice' });
    const stray = { ...body, streams: [...body.streams, { ...body.streams[0]!, id: 3 }] };
    expect(refusal(stray)).toContainEqual({ path: 'streams.4.id', message: 'stream names no camera of this payload (3)' });
    expect(refusal({ ...body, address: ' ' })).toContainEqual({ path: 'address', message: ONBOARDING_MESSAGES.invalidAddress });
  });

  it('refuses ids that are neither a whole number nor a plain name', () => {
    for (const id of [-1, 1.5, Number.NaN, '', '  ', 'a b', 'x'.repeat(65), null, true, {}, [1]]) {
      const body = specPayload();
      const bad = { ...body, cameras: [{ ...body.cameras[0]!, id }, body.cameras[1]!] };
      expect(paths(bad), JSON.stringify(id)).toContain('cameras.0.id');
    }
  });
});

// ---------------------------------------------------------------- zip4 (§5)

describe('addressFlag', () => {
  it('not verified (no postal service): "unverified", whatever zip4 says', () => {
    expect(addressFlag({ verified: false, zip4: null })).toBe('unverified');
    expect(addressFlag({ verified: false, zip4: '1234' })).toBe('unverified');
  });

  it('verified with a zip4: "verified"', () => {
    expect(addressFlag({ verified: true, zip4: '1234' })).toBe('verified');
  });

  it('verified without a zip4: "incorrect"', () => {
    expect(addressFlag({ verified: true, zip4: null })).toBe('incorrect');
    expect(addressFlag({ verified: true, zip4: '' })).toBe('incorrect');
  });
});
