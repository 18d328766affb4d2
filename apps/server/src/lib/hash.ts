import { createHash, createHmac, randomBytes } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hmacHex = (key: Buffer, value: string): string => createHmac('sha256', key).update(value).digest('hex');
/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
