import type { Complexion, FaceRole } from '@vigil/contract';

// The demo's faces registry: who lives, works and visits at the two demo buildings (seed.ts writes them).

/** The demo buildings, by the keys of DEMO_DOMAINS. */
export type DemoDomain = 'maple' | 'birch';

/**
 * A front photo of a demo person: a file of the repository's media/ folder (media/SOURCES.md), optionally cropped
 * first. Only real people's public-domain portraits, under their own names: nobody's photo stands for someone else.
 */
export interface DemoPhoto {
  file: string;
  crop?: { left: number; top: number; width: number; height: number };
}

/** A person of the demo registry (part 2 §3 fields); a few have a front photo. */
export interface DemoPerson {
  uuid: string;
  domain: DemoDomain;
  first: string;
  last: string;
  role: FaceRole;
  gender: 'male' | 'female' | 'other';
  complexion: Complexion;
  room?: string;
  bed?: string;
  unit?: string;
  wing?: string;
  card?: string;
  risk: boolean;
  email?: string;
  employeeRole?: 'administrator' | 'supervisor' | 'nurse';
  photo?: DemoPhoto;
}

/** Residents, staff, family and visitors in the faces registry; elopement_risk residents are what elopement alerts are about. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  // Detections in the demo refer to the first people of each building by position: add new people at the end.
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a001',
    domain: 'maple',
    first: 'Margaret',
    last: 'Hill',
    role: 'resident',
    gender: 'female',
    complexion: 'caucasian',
    room: '112',
    bed: 'A',
    unit: '1',
    wing: 'North',
    risk: true,
    card: '0001',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a002',
    domain: 'maple',
    first: 'Walter',
    last: 'Brooks',
    role: 'resident',
    gender: 'male',
    complexion: 'black',
    room: '204',
    bed: 'B',
    unit: '2',
    wing: 'East',
    risk: true,
    card: '0002',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a003',
    domain: 'maple',
    first: 'Edith',
    last: 'Shaw',
    role: 'resident',
    gender: 'female',
    complexion: 'asian',
    room: '118',
    bed: 'A',
    unit: '1',
    wing: 'North',
    risk: false,
    card: '0003',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a004',
    domain: 'maple',
    first: 'Nora',
    last: 'Quinn',
    role: 'employee',
    gender: 'female',
    complexion: 'hispanic',
    risk: false,
    email: 'nurse@maple.example',
    employeeRole: 'nurse',
    card: '9001',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000b001',
    domain: 'birch',
    first: 'Harold',
    last: 'Finch',
    role: 'resident',
    gender: 'male',
    complexion: 'caucasian',
    room: '3',
    bed: 'A',
    unit: 'Garden',
    wing: 'West',
    risk: true,
    card: 'B001',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000b002',
    domain: 'birch',
    first: 'Ruth',
    last: 'Daniels',
    role: 'resident',
    gender: 'female',
    complexion: 'native_american',
    room: '5',
    bed: 'B',
    unit: 'Garden',
    wing: 'West',
    risk: false,
    card: 'B002',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a005',
    domain: 'maple',
    first: 'Theodore',
    last: 'Grant',
    role: 'resident',
    gender: 'male',
    complexion: 'caucasian',
    room: '210',
    bed: 'A',
    unit: '2',
    wing: 'East',
    risk: false,
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a006',
    domain: 'maple',
    first: 'Samuel',
    last: 'Okafor',
    role: 'employee',
    gender: 'male',
    complexion: 'black',
    risk: false,
    email: 'samuel.okafor@maple.example',
    employeeRole: 'supervisor',
    card: '9002',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a007',
    domain: 'maple',
    first: 'Linda',
    last: 'Hill',
    role: 'family',
    gender: 'female',
    complexion: 'caucasian',
    risk: false,
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a008',
    domain: 'maple',
    first: 'Carlos',
    last: 'Vega',
    role: 'outside_employee',
    gender: 'male',
    complexion: 'hispanic',
    risk: false,
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a009',
    domain: 'maple',
    first: 'Maria',
    last: 'Lopez',
    role: 'regular_visitor',
    gender: 'female',
    complexion: 'Other',
    risk: false,
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000b003',
    domain: 'birch',
    first: 'Agnes',
    last: 'Webb',
    role: 'resident',
    gender: 'female',
    complexion: 'caucasian',
    room: '8',
    bed: 'A',
    unit: 'Lake',
    wing: 'East',
    risk: true,
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000b004',
    domain: 'birch',
    first: 'Daniel',
    last: 'Cho',
    role: 'employee',
    gender: 'male',
    complexion: 'asian',
    risk: false,
    email: 'daniel.cho@birch.example',
    employeeRole: 'administrator',
    card: '7001',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000b005',
    domain: 'birch',
    first: 'Peter',
    last: 'Finch',
    role: 'family',
    gender: 'male',
    complexion: 'caucasian',
    risk: false,
  },
  // Two residents at elopement risk with registry photos; the simulated front entrance camera shows them walking past
  // (scenes.ts), so a face analyzer has someone real to recognise.
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a010',
    domain: 'maple',
    first: 'Grace',
    last: 'Hopper',
    role: 'resident',
    gender: 'female',
    complexion: 'caucasian',
    room: '120',
    bed: 'A',
    unit: '1',
    wing: 'North',
    risk: true,
    photo: { file: 'grace_hopper_512x512.jpg' },
    card: '1001',
  },
  {
    uuid: 'f0ce0001-0000-4000-8000-00000000a011',
    domain: 'maple',
    first: 'Eileen',
    last: 'Collins',
    role: 'resident',
    gender: 'female',
    complexion: 'caucasian',
    room: '216',
    bed: 'B',
    unit: '2',
    wing: 'East',
    risk: true,
    // astronaut.png shows her at half length beside a helmet: the photo is her head and shoulders.
    photo: { file: 'astronaut.png', crop: { left: 70, top: 0, width: 320, height: 340 } },
    card: '1002',
  },
];
