// What the parts of `npm run bench:training` share: sizes from the environment, and the demo building's cameras.

export const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const DIMS = size('BENCH_DIMS', 1024);
export const REQUESTS = size('BENCH_REQUESTS', 200);
export const DAY = 86_400_000;
export const MAPLE_CAMERAS = [1, 2, 3, 4, 5, 6, 7].map((n) => `c1a00001-0000-4000-8000-00000000a00${n}`);
