import { randomBytes } from 'node:crypto';

/** The platform's identifiers: 32 lowercase hex characters (128 random bits). */
export const newHexId = (): string => randomBytes(16).toString('hex');
export const isHexId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
