/** How long to wait before the attempt after `attempt` (1 for the first failure), in milliseconds. */
export type Backoff = (attempt: number) => number;

/**
 * Doubling delays from `firstMs` up to `maxMs`, each drawn from its upper half: the jitter spreads the retries of
 * many rows that failed together (a receiver that was down for everyone), so they do not come back as one burst.
 */
export function exponentialBackoff(options: {
  firstMs: number;
  maxMs: number;
  /** Uniform in [0, 1); tests pin it. */
  random?: () => number;
}): Backoff {
  const { firstMs, maxMs, random = Math.random } = options;
  return (attempt) => {
    const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, Math.min(attempt - 1, 40)));
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  };
}
