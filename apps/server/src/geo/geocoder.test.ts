import { describe, expect, it } from 'vitest';
import { suggestionsFromGoogle, suggestionsFromNominatim, suggestionsFromPhoton } from './geocoder-clients.js';
import { parseGeocoderSetting } from './geocoder.js';
import { mapTileUrl, loadMapsConfig, tileImageSource } from './settings.js';
import { isNauticalZone } from '@vigil/contract';
import { landZone, timezoneAt } from './timezones.js';
import { answerFromUsps } from './usps.js';

describe('VIGIL_GEOCODER', () => {
  it('reads photon, nominatim and google settings', () => {
    expect(parseGeocoderSetting(undefined)).toBeUndefined();
    expect(parseGeocoderSetting('photon:https://photon.komoot.io/')).toEqual({ kind: 'photon', baseUrl: 'https://photon.komoot.io' });
    expect(parseGeocoderSetting('nominatim:http://127.0.0.1:8088')).toEqual({ kind: 'nominatim', baseUrl: 'http://127.0.0.1:8088' });
    expect(parseGeocoderSetting('google:AIzaSyA-0123456789abcdef')).toEqual({ kind: 'google', apiKey: 'AIzaSyA-0123456789abcdef' });
  });
  it('says what is wrong without repeating a key', () => {
    expect(() => parseGeocoderSetting('photon:not a url')).toThrow(/photon:<base url> needs an http\(s\) URL/);
    expect(() => parseGeocoderSetting('nominatim:ftp://x.example')).toThrow(/http or https/);
    expect(() => parseGeocoderSetting('google:')).toThrow(/needs the key/);
    let message = '';
    try {
      parseGeocoderSetting('gogle:AIzaSyA-0123456789abcdef');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/must be photon:<base url>, nominatim:<base url> or google:<api key>/);
    expect(message).not.toContain('0123456789');
  });
});

describe('maps settings', () => {
  it('checks the tile template and finds its image source', () => {
    expect(mapTileUrl('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://{s}.tile.example/{z}/{x}/{y}.png');
    expect(() => mapTileUrl('https://tile.example/{z}/{x}.png')).toThrow(/must hold \{y\}/);
    expect(() => mapTileUrl('tile.example/{z}/{x}/{y}.png')).toThrow(/http\(s\) URL/);
    expect(tileImageSource('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example');
    expect(tileImageSource(null)).toBeNull();
  });
  it('needs both USPS credentials, and checks snapshot hosts', () => {
    expect(() => loadMapsConfig({ VIGIL_USPS_CLIENT_ID: 'id' })).toThrow(/go together/);
    expect(loadMapsConfig({}).snapshotHosts).toEqual({ local: '127.0.0.1', cloud: '127.0.0.1' });
    expect(loadMapsConfig({ VIGIL_GPU_HOST_LOCAL: 'gpu.lan', VIGIL_GPU_HOST_CLOUD: 'gpu.cloud.example' }).snapshotHosts).toEqual({
      local: 'gpu.lan',
      cloud: 'gpu.cloud.example',
    });
    expect(() => loadMapsConfig({ VIGIL_GPU_HOST_CLOUD: 'http://gpu:9001' })).toThrow(/VIGIL_GPU_HOST_CLOUD must be a host name/);
    expect(loadMapsConfig({ VIGIL_USPS_CLIENT_ID: 'id', VIGIL_USPS_CLIENT_SECRET: 's' }).usps).toEqual({
      baseUrl: 'https://apis.usps.com',
      clientId: 'id',
      clientSecret: 's',
    });
  });
});

describe('geocoder replies', () => {
  it('maps Photon features: street precision only with a house number', () => {
    const suggestions = suggestionsFromPhoton({
      features: [
        {
          geometry: { coordinates: [-73.9857, 40.7484] },
          properties: {
            name: 'Empire State Building',
            housenumber: '350',
            street: '5th Avenue',
            postcode: '10118',
            city: 'New York',
            state: 'New York',
            countrycode: 'US',
            type: 'house',
          },
        },
        {
          geometry: { coordinates: [151.2093, -33.8688] },
          properties: { name: 'Sydney', state: 'New South Wales', countrycode: 'AU', type: 'city' },
        },
      ],
    });
    expect(suggestions).toEqual([
      {
        description: 'Empire State Building, 350 5th Avenue, New York, NY 10118, United States',
        lat: 40.7484,
        lng: -73.9857,
        address1: '350 5th Avenue',
        city: 'New York',
        state: 'NY',
        zip: '10118',
        country: 'US',
        precision: 'street',
      },
      {
        description: 'Sydney, New South Wales, Australia',
        lat: -33.8688,
        lng: 151.2093,
        address1: '',
        city: 'Sydney',
        state: 'New South Wales',
        zip: '',
        country: 'AU',
        precision: 'city',
      },
    ]);
  });
  it('maps Nominatim results (state code from ISO3166-2)', () => {
    const [suggestion] = suggestionsFromNominatim([
      {
        lat: 39.7817,
        lon: -89.6501,
        name: '',
        address: {
          house_number: '1',
          road: 'Old State Capitol Plaza',
          city: 'Springfield',
          state: 'Illinois',
          'ISO3166-2-lvl4': 'US-IL',
          postcode: '62701',
          country_code: 'us',
        },
      },
    ]);
    expect(suggestion).toMatchObject({
      address1: '1 Old State Capitol Plaza',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      precision: 'street',
    });
  });
  it('maps Google geocoding results', () => {
    const [suggestion] = suggestionsFromGoogle({
      status: 'OK',
      results: [
        {
          formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
          geometry: { location: { lat: 37.422, lng: -122.0841 } },
          address_components: [
            { long_name: '1600', short_name: '1600', types: ['street_number'] },
            { long_name: 'Amphitheatre Parkway', short_name: 'Amphitheatre Pkwy', types: ['route'] },
            { long_name: 'Mountain View', short_name: 'Mountain View', types: ['locality', 'political'] },
            { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
            { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
            { long_name: '94043', short_name: '94043', types: ['postal_code'] },
          ],
        },
      ],
    });
    expect(suggestion).toEqual({
      description: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      lat: 37.422,
      lng: -122.0841,
      address1: '1600 Amphitheatre Parkway',
      city: 'Mountain View',
      state: 'CA',
      zip: '94043',
      country: 'US',
      precision: 'street',
    });
  });
});

describe('USPS replies', () => {
  it('reads ZIP and ZIP+4, null when absent', () => {
    expect(answerFromUsps({ address: { ZIPCode: '20007', ZIPPlus4: '3704' } })).toEqual({ known: true, zip: '20007', zip4: '3704' });
    expect(answerFromUsps({ address: { ZIPCode: '20007', ZIPPlus4: null } })).toEqual({ known: true, zip: '20007', zip4: null });
    expect(() => answerFromUsps({ error: 'x' })).toThrow(/unexpected shape/);
  });
});

describe('time zones', () => {
  it('treats nautical zones as no zone', () => {
    expect(isNauticalZone('Etc/GMT+3')).toBe(true);
    expect(isNauticalZone('Etc/GMT')).toBe(true);
    expect(isNauticalZone('Europe/London')).toBe(false);
    expect(landZone(['Etc/GMT-1'])).toBeNull();
    expect(landZone(['Asia/Shanghai', 'Asia/Urumqi'])).toBe('Asia/Shanghai');
  });
  it('finds the zone of a point, offline', () => {
    expect(timezoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timezoneAt(59.91, 10.75)).toBe('Europe/Oslo');
    expect(timezoneAt(30, -40)).toBeNull();
  });
});
