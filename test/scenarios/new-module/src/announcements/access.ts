import type { Principal } from '../../../../../src/platform/auth/principal.js';

/** Anyone reads announcements; publishing one takes a signed-in person (an API key administers users only). */
export const mayPublish = (p: Principal): boolean => p.kind === 'user';
