export * from './access.js';
export * from './auth.js';
export * from './common.js';
export * from './domains.js';
export * from './entitlements.js';
export * from './flags.js';
export * from './pins.js';
export * from './staff.js';
