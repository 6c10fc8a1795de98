import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics.js';
import { readPathsOf } from './read.js';
import { commitPositions, ReadReplicas, ReplicatedPostgreSqlDriver } from './replicas.js';

/**
 * Starts routing an ORM's reads: counts each read by what served it, and, with replicas, checks them every
 * `checkIntervalMs` (after a first check before any request) and keeps callers' commit positions. The handle
 * stops the checks; undefined without replicas.
 */
export async function startReadRouting(
  orm: { em: EntityManager; driver: unknown },
  options: {
    maxLagSeconds: number;
    checkIntervalMs?: number;
    redis: Redis | undefined;
    keyPrefix: string;
    log: Logger;
    metrics: Pick<Metrics, 'readServed' | 'watchReplicas'>;
  },
): Promise<ReadReplicas | undefined> {
  const paths = readPathsOf(orm.em);
  paths.onRead = (target) => options.metrics.readServed(target);
  const connections = orm.driver instanceof ReplicatedPostgreSqlDriver ? orm.driver.readConnections() : [];
  if (connections.length === 0) return undefined;
  const replicas = new ReadReplicas(() => paths.primaryPool(orm.em), connections, {
    maxLagSeconds: options.maxLagSeconds,
    checkIntervalMs: options.checkIntervalMs ?? 1_000,
    // Past this, a replica still behind a caller's commit lags more than the maximum and serves no one.
    positions: commitPositions({
      redis: options.redis,
      keyPrefix: options.keyPrefix,
      ttlSeconds: Math.max(60, options.maxLagSeconds * 6),
    }),
    log: options.log,
  });
  await replicas.start();
  paths.replicas = replicas;
  options.metrics.watchReplicas(() => replicas.status());
  return replicas;
}
