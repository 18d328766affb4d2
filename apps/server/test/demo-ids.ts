// The demo data's well-known ids (src/demo/seed.ts, src/demo/people.ts), named once for the tests that use them.

/** Maple Grove's seven cameras, in id order; the first is the front entrance, an exit. */
export const MAPLE_CAMERAS: readonly string[] = [
  'c1a00001-0000-4000-8000-00000000a001',
  'c1a00001-0000-4000-8000-00000000a002',
  'c1a00001-0000-4000-8000-00000000a003',
  'c1a00001-0000-4000-8000-00000000a004',
  'c1a00001-0000-4000-8000-00000000a005',
  'c1a00001-0000-4000-8000-00000000a006',
  'c1a00001-0000-4000-8000-00000000a007',
];
/** Birch House's four cameras, in id order; the last is reception. */
export const BIRCH_CAMERAS: readonly string[] = [
  'c1a00001-0000-4000-8000-00000000b001',
  'c1a00001-0000-4000-8000-00000000b002',
  'c1a00001-0000-4000-8000-00000000b003',
  'c1a00001-0000-4000-8000-00000000b004',
];
/** Maple's front entrance (outdoor), an exit camera. */
export const EXIT: string = 'c1a00001-0000-4000-8000-00000000a001';
/** Maple's hallway: not an exit. */
export const HALLWAY: string = 'c1a00001-0000-4000-8000-00000000a003';
/** Maple's dining room (not an exit) */
export const DINING_ROOM: string = 'c1a00001-0000-4000-8000-00000000a007';
export const BIRCH_RECEPTION: string = 'c1a00001-0000-4000-8000-00000000b004';

/** Maple residents at elopement risk. */
export const MARGARET: string = 'f0ce0001-0000-4000-8000-00000000a001';
export const WALTER: string = 'f0ce0001-0000-4000-8000-00000000a002';
/** A Maple resident not at risk. */
export const EDITH: string = 'f0ce0001-0000-4000-8000-00000000a003';
/** A Birch resident. */
export const HAROLD: string = 'f0ce0001-0000-4000-8000-00000000b001';
/** Maple residents with a registry photo (public-domain portraits): the ones the demo's analyzer recognises. */
export const GRACE: string = 'f0ce0001-0000-4000-8000-00000000a010';
export const EILEEN: string = 'f0ce0001-0000-4000-8000-00000000a011';
