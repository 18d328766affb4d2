import type * as Tfjs from '@tensorflow/tfjs-core';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// tfjs on its WASM backend, the one instance human's models run on too (human requires these same packages). The
// .wasm files load from node_modules: nothing is fetched.
const require = createRequire(import.meta.url);
export const tf = require('@tensorflow/tfjs-core') as typeof Tfjs;
export const wasmDist = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

let ready: Promise<void> | null = null;

/** Registers and selects the WASM backend (SIMD where the machine has it), once. */
export function wasmBackend(): Promise<void> {
  ready ??= (async () => {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };
    wasm.setWasmPaths(`${wasmDist}/`);
    if (tf.getBackend() !== 'wasm') await tf.setBackend('wasm');
    await tf.ready();
  })();
  return ready;
}
