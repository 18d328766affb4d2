import { describe, expect, it, vi } from 'vitest';
import type { Face, SearchState } from '@vigil/contract';
import { faceFixture } from './face.fixture';
import { INITIAL_FACE_SEARCH, compareActivity, searchFaces } from './face-search';

const ada = faceFixture('1', { first_name: 'Ada', last_name: 'Okafor', complexion: 'black', room: '101', card: 'C-17' });
const bob = faceFixture('2', {
  first_name: 'Bob',
  last_name: 'Zimmer',
  role: 'employee',
  complexion: 'caucasian',
  last_seen_datetime: '2026-03-04T10:00:00Z',
  last_seen_camera_description: 'Dining Room',
});
const cara = faceFixture('3', {
  first_name: 'Cara',
  last_name: 'Adams',
  elopement_risk: true,
  bed: 'B',
  last_seen_datetime: '2026-03-04T12:00:00Z',
  last_seen_camera_description: 'Front Entrance Outdoor',
});
const dan = faceFixture('4', { first_name: 'Dan', last_name: 'Brooks', role: 'family' });
const everyone: Face[] = [ada, bob, cara, dan];

const names = (faces: Face[]) => faces.map((f) => f.first_name);
const find = (query: string, state: Partial<SearchState> = {}) => names(searchFaces(everyone, { ...INITIAL_FACE_SEARCH, query, ...state }));

describe('the faces list search (part 2 §2)', () => {
  it('starts on People by Activity: the most recently seen first, never-seen people last by last name', () => {
    expect(find('')).toEqual(['Cara', 'Bob', 'Dan', 'Ada']);
    expect([...everyone].sort(compareActivity).map((f) => f.first_name)).toEqual(['Cara', 'Bob', 'Dan', 'Ada']);
  });

  it('reverses the active sort on a second click (the kit), and sorts by first or last name', () => {
    expect(find('', { reversed: true })).toEqual(['Ada', 'Dan', 'Bob', 'Cara']);
    expect(find('', { sort: 'First Name' })).toEqual(['Ada', 'Bob', 'Cara', 'Dan']);
    expect(find('', { sort: 'Last Name' })).toEqual(['Cara', 'Dan', 'Ada', 'Bob']);
    expect(find('', { sort: 'Last Name', reversed: true })).toEqual(['Bob', 'Ada', 'Dan', 'Cara']);
  });

  it("finds employees by 'staff' and 'employee', and 'black' by 'african american' (synonyms)", () => {
    expect(find('staff')).toEqual(['Bob']);
    expect(find('employee')).toEqual(['Bob']);
    expect(find('african american')).toEqual(['Ada']);
    expect(find('white')).toEqual(['Bob']);
    expect(find('asian')).toEqual([]);
    expect(find('cauc')).toEqual(['Bob']);
  });

  it('searches names, role, room, bed, last seen camera and elopement risk, by key too', () => {
    expect(find('okafor')).toEqual(['Ada']);
    expect(find('ada')).toEqual(['Cara', 'Ada']);
    expect(find('first_name:ada')).toEqual(['Ada']);
    expect(find('room:101')).toEqual(['Ada']);
    expect(find('bed:b')).toEqual(['Cara']);
    expect(find('dining')).toEqual(['Bob']);
    expect(find('elopement_risk:yes')).toEqual(['Cara']);
    expect(find('resident, adams')).toEqual(['Cara']);
    expect(find('family')).toEqual(['Dan']);
  });

  it('filters Badges to people with a card; People is everyone', () => {
    expect(find('', { filter: 'Badges' })).toEqual(['Ada']);
    expect(find('', { filter: 'People' })).toHaveLength(4);
    expect(find('bob', { filter: 'Badges' })).toEqual([]);
  });

  it('does not search by the card or e-mail, which are not keys', () => {
    expect(find('C-17')).toEqual([]);
  });

  it('finds nobody without a warning when nothing matches, people with empty fields included', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(find('nobody-by-this-name')).toEqual([]);
    expect(find('complexion:hispanic')).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
