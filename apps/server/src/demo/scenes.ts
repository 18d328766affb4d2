import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg.js';
import { makeCutout, type Cutout } from './cutouts.js';

// The scenes the simulated demo cameras show (apps/server/demo/rtsp-cameras.py): a real street recorded by a CCTV-like
// camera (vtest.avi from Debian's opencv-doc) and cut-outs of public-domain portraits that walk past, made once per
// data folder from the licensed files in the repository's media/ folder (media/SOURCES.md says where each comes from).

/** Bump when anything below changes what is made: the cache is made again. */
export const SCENE_RECIPE_VERSION = 2;

/** The files of media/ the scenes are made from. */
export const SCENE_SOURCES = ['vtest.avi', 'grace_hopper_512x512.jpg', 'astronaut.png', 'chelsea.png'] as const;

export const SCENE_WIDTH = 480;
export const SCENE_HEIGHT = 270;
/** vtest.avi's own rate: the street plays at true speed whatever the cameras' frame rate. */
export const STREET_FPS = 10;

/** A demo camera's scene, as rtsp-cameras.py reads it (snake_case: it is the script's JSON). */
export interface DemoScene {
  background: { kind: 'pattern' } | { kind: 'frames'; dir: string; fps: number } | { kind: 'still'; image: string };
  visitors?: DemoVisitor[];
}

/** On screen while ((unix time - offset_s) mod period_s) < duration_s, crossing the frame in duration_s. */
export interface DemoVisitor {
  image: string;
  period_s: number;
  offset_s: number;
  duration_s: number;
  direction: 'ltr' | 'rtl';
  /** top of the cut-out, as a fraction of the frame height */
  y: number;
}

type StillName = (typeof STILLS)[number]['name'];
type VisitorName = (typeof CUTOUTS)[number]['name'];

/** What prepareSceneMedia made: absolute paths into the cache. */
export interface SceneMedia {
  dir: string;
  street: string;
  streetFlipped: string;
  stills: Record<StillName, string>;
  visitors: Record<VisitorName, string>;
}

/** A region of vtest.avi (768x576), 16:9, in source pixels. */
interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

// vtest.avi is 768x576 (4:3). The street keeps the top of the picture, where the van and the car are parked, and
// drops grass at the bottom; the second street is a closer, mirrored view of the right-hand side, half a loop later.
const STREET: Region = { x: 0, y: 24, w: 768, h: 432 };
const STREET_FLIPPED: Region = { x: 128, y: 0, w: 640, h: 360 };
const STREET_FLIPPED_SHIFT_S = 40;

/** Stills for the indoor cameras: different moments, crops, mirrorings and colours of vtest.avi, so each looks like its own place. */
const STILLS = [
  { name: 'facade', at: 3, region: { x: 0, y: 0, w: 448, h: 252 }, flip: false, look: '' },
  { name: 'road', at: 15, region: { x: 320, y: 160, w: 448, h: 252 }, flip: true, look: '' },
  { name: 'parking', at: 8, region: { x: 448, y: 20, w: 320, h: 180 }, flip: false, look: '' },
  { name: 'lamp', at: 50, region: { x: 160, y: 120, w: 512, h: 288 }, flip: false, look: 'eq=brightness=-0.04:saturation=0.8' },
  { name: 'lawn', at: 25, region: { x: 0, y: 252, w: 576, h: 324 }, flip: true, look: '' },
  { name: 'night', at: 64, region: { x: 0, y: 100, w: 768, h: 432 }, flip: false, look: 'hue=s=0,eq=contrast=1.15' },
  { name: 'night-facade', at: 35, region: { x: 192, y: 0, w: 384, h: 216 }, flip: true, look: 'hue=s=0,eq=brightness=-0.06' },
  { name: 'path', at: 72, region: { x: 0, y: 110, w: 448, h: 252 }, flip: false, look: 'eq=gamma=1.1' },
  { name: 'warm', at: 44, region: { x: 64, y: 30, w: 640, h: 360 }, flip: true, look: 'colorbalance=rs=0.08:bs=-0.08' },
] as const;

// Deliberately not the registry's pixels: another crop, mirrored and/or turned, other tones, recompressed, masked.
const CUTOUTS = [
  {
    name: 'hopper',
    source: 'grace_hopper_512x512.jpg',
    crop: { left: 40, top: 0, width: 440, height: 500 },
    height: 112,
    flop: true,
    rotate: -3,
    brightness: 1.08,
    saturation: 0.85,
    contrast: 0.92,
    jpegQuality: 70,
    mask: 'bust',
  },
  {
    name: 'collins',
    source: 'astronaut.png',
    crop: { left: 95, top: 5, width: 250, height: 290 },
    height: 108,
    flop: false,
    rotate: 4,
    brightness: 0.92,
    saturation: 1.1,
    contrast: 1.08,
    jpegQuality: 68,
    mask: 'bust',
  },
  {
    name: 'cat',
    source: 'chelsea.png',
    crop: { left: 10, top: 0, width: 420, height: 300 },
    height: 110,
    flop: true,
    rotate: 2,
    brightness: 0.95,
    saturation: 1,
    contrast: 1,
    jpegQuality: 75,
    mask: 'head',
  },
] as const satisfies readonly (Cutout & { source: (typeof SCENE_SOURCES)[number] })[];

function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The cache's key: the recipe version and every source file's SHA-256. */
function cacheKey(sourceDir: string): string {
  const hash = createHash('sha256').update(`recipe ${SCENE_RECIPE_VERSION}\n`);
  for (const name of SCENE_SOURCES) hash.update(`${name} ${sha256File(join(sourceDir, name))}\n`);
  return `r${SCENE_RECIPE_VERSION}-${hash.digest('hex').slice(0, 16)}`;
}

function media(dir: string): SceneMedia {
  return {
    dir,
    street: join(dir, 'street'),
    streetFlipped: join(dir, 'street-flipped'),
    stills: Object.fromEntries(STILLS.map((s) => [s.name, join(dir, 'stills', `${s.name}.jpg`)])) as Record<StillName, string>,
    visitors: Object.fromEntries(CUTOUTS.map((c) => [c.name, join(dir, 'visitors', `${c.name}.png`)])) as Record<VisitorName, string>,
  };
}

const crop = (r: Region) => `crop=${r.w}:${r.h}:${r.x}:${r.y}`;
const scale = `scale=${SCENE_WIDTH}:${SCENE_HEIGHT}:flags=lanczos`;
// Highlights above 150 are compressed to at most 185 (a soft knee, as a camera's would): the burnt-in clock is white
// text on a shaded box, and the e2e specs read it by keeping only what is brighter than 200; bright pavement, signs
// or a white van next to the box would otherwise read as letters.
const KNEE = 'if(lt(val,150),val,150+(val-150)/3)';
const highlights = `format=rgb24,lutrgb=r='${KNEE}':g='${KNEE}':b='${KNEE}'`;
const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];

/** The street as JPEG frames 00001.jpg… at STREET_FPS. */
async function streetFrames(ffmpeg: string, video: string, dir: string, region: Region, flip: boolean): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const filters = [crop(region), ...(flip ? ['hflip'] : []), scale, `fps=${STREET_FPS}`, highlights].join(',');
  await runFfmpeg(ffmpeg, [...quiet, '-i', video, '-vf', filters, '-q:v', '4', '-f', 'image2', join(dir, '%05d.jpg')], 300_000);
}

/** Renumbers a sequence so that it starts `shift` frames later (the loop stays whole). */
function rotateFrames(dir: string, shift: number): void {
  const names = readdirSync(dir)
    .filter((n) => /^\d{5}\.jpg$/.test(n))
    .sort();
  for (const name of names) renameSync(join(dir, name), join(dir, `${name}.old`));
  names.forEach((name, i) => {
    const target = (i - shift + names.length * 2) % names.length;
    renameSync(join(dir, `${name}.old`), join(dir, `${String(target + 1).padStart(5, '0')}.jpg`));
  });
}

/** The street frames (two ffmpeg runs), the stills and the cut-outs, side by side: each job is one process on one core. */
async function build(ffmpeg: string, sourceDir: string, dir: string): Promise<void> {
  const video = join(sourceDir, 'vtest.avi');
  const m = media(dir);
  mkdirSync(join(dir, 'stills'), { recursive: true });
  mkdirSync(join(dir, 'visitors'), { recursive: true });
  const still = (s: (typeof STILLS)[number]) => {
    const filters = [crop(s.region), ...(s.flip ? ['hflip'] : []), scale, ...(s.look ? [s.look] : []), highlights].join(',');
    return runFfmpeg(ffmpeg, [
      ...quiet,
      '-ss',
      String(s.at),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      filters,
      '-q:v',
      '3',
      '-y',
      m.stills[s.name],
    ]);
  };
  await Promise.all([
    streetFrames(ffmpeg, video, m.street, STREET, false),
    streetFrames(ffmpeg, video, m.streetFlipped, STREET_FLIPPED, true).then(() =>
      rotateFrames(m.streetFlipped, STREET_FLIPPED_SHIFT_S * STREET_FPS),
    ),
    (async () => {
      for (const s of STILLS) await still(s);
      for (const c of CUTOUTS) await makeCutout(sourceDir, c, m.visitors[c.name]);
    })(),
  ]);
}

/**
 * Makes the scene media once per data folder, in `cacheDir` (<data>/demo-media): the street frames, the stills and the
 * visitor cut-outs. Made again only when a source file's SHA-256 or SCENE_RECIPE_VERSION changes; built in a temporary
 * folder and renamed into place, so a crash never leaves half a cache. Throws when it cannot (no ffmpeg, no sources).
 */
export async function prepareSceneMedia(options: {
  ffmpeg: string;
  sourceDir: string;
  cacheDir: string;
  log?: { info(msg: string): void };
}): Promise<{ media: SceneMedia; made: boolean }> {
  const key = cacheKey(options.sourceDir);
  const dir = join(options.cacheDir, key);
  if (existsSync(join(dir, 'done'))) return { media: media(dir), made: false };
  mkdirSync(options.cacheDir, { recursive: true });
  const started = Date.now();
  options.log?.info('preparing the demo cameras’ scenes from media/ (first start only)');
  const temp = join(options.cacheDir, `.building-${randomBytes(6).toString('hex')}`);
  try {
    await build(options.ffmpeg, options.sourceDir, temp);
    writeFileSync(join(temp, 'done'), `${JSON.stringify({ recipe: SCENE_RECIPE_VERSION, sources: SCENE_SOURCES })}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(temp, dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  // Older recipes' and sources' caches, and builds a crash left behind, go.
  for (const entry of readdirSync(options.cacheDir))
    if (entry !== key && (/^r\d+-[0-9a-f]{16}$/.test(entry) || entry.startsWith('.building-')))
      rmSync(join(options.cacheDir, entry), { recursive: true, force: true });
  options.log?.info(`demo scenes ready in ${Date.now() - started} ms`);
  return { media: media(dir), made: true };
}

/** The visitors' timetable, in seconds; VIGIL_DEMO_VISIT_SECONDS sets the period of the front entrance's two. */
const VISIT_DURATION_S = 12;
const FRONT_ENTRANCE_OFFSET_S = 20;

/**
 * Each demo camera's scene, by camera uuid (the cameras of DEMO_CAMERAS in seed.ts): Maple Court's front entrance and
 * Birch House's garden gate (the exits) show the street with people (the front entrance: Grace Hopper and Eileen
 * Collins, each once per `visitSeconds`, half a period apart) and a cat passing; Maple's lounge a still with the cat;
 * every other camera a still of its own.
 */
export function demoScenes(m: SceneMedia, visitSeconds: number): Record<string, DemoScene> {
  const visitor = (image: string, period: number, offset: number, direction: 'ltr' | 'rtl', y: number): DemoVisitor => ({
    image,
    period_s: period,
    offset_s: offset,
    duration_s: VISIT_DURATION_S,
    direction,
    y,
  });
  const still = (name: StillName): DemoScene => ({ background: { kind: 'still', image: m.stills[name] } });
  return {
    // Maple Court
    'c1a00001-0000-4000-8000-00000000a001': {
      background: { kind: 'frames', dir: m.street, fps: STREET_FPS },
      visitors: [
        visitor(m.visitors.hopper, visitSeconds, FRONT_ENTRANCE_OFFSET_S, 'ltr', 0.3),
        visitor(m.visitors.collins, visitSeconds, FRONT_ENTRANCE_OFFSET_S + visitSeconds / 2, 'rtl', 0.32),
      ],
    },
    'c1a00001-0000-4000-8000-00000000a002': still('facade'),
    'c1a00001-0000-4000-8000-00000000a003': still('road'),
    'c1a00001-0000-4000-8000-00000000a004': still('parking'),
    'c1a00001-0000-4000-8000-00000000a005': still('lamp'),
    'c1a00001-0000-4000-8000-00000000a006': { ...still('lawn'), visitors: [visitor(m.visitors.cat, 300, 100, 'rtl', 0.3)] },
    'c1a00001-0000-4000-8000-00000000a007': still('night'),
    // Birch House
    'c1a00001-0000-4000-8000-00000000b001': {
      background: { kind: 'frames', dir: m.streetFlipped, fps: STREET_FPS },
      visitors: [visitor(m.visitors.cat, 150, 60, 'ltr', 0.28)],
    },
    'c1a00001-0000-4000-8000-00000000b002': still('night-facade'),
    'c1a00001-0000-4000-8000-00000000b003': still('path'),
    'c1a00001-0000-4000-8000-00000000b004': still('warm'),
  };
}
