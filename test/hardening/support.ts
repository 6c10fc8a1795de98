import type { AppDeps } from '../../src/app.js';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { Redis } from 'ioredis';

/** The harness's JWT_SECRET (test/helpers/app.ts): tokens signed with it pass signature checks. */
const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

/** A correctly signed access token for any subject, as the app itself would issue one. */
export function signToken(sub: string, claims: Record<string, unknown> = { role: 'user' }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('trellis')
    .setAudience('trellis')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

export const hex = (bytes = 16) => randomBytes(bytes).toString('hex');

/**
 * The Redis the suite may use: REDIS_URL when set (CI's second pass), else a local server when one answers.
 * Undefined when there is none, and the Redis cases are skipped (the memory store is tested regardless).
 */
export async function reachableRedis(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * startTestApp forwards its second argument to buildApp; its declared type names only `now`, so the
 * log stream a test injects (raw log capture) goes through this one cast.
 */
export const appDeps = (deps: Pick<AppDeps, 'now' | 'logStream'>) => deps as unknown as { now?: () => Date };
