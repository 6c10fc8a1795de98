import type { EarthquakeRisk, WildfireRisk } from './service.js';

/**
 * Risk answers are public and the same for every caller, so the gateway may replay one to other anonymous
 * callers for a short while (RESPONSE_CACHE_TTL_SECONDS). Only answers built wholly from cached upstream data
 * qualify: their `data_status` already says `cached`, so a replay tells no lie, and an answer missing a
 * source (`unavailable`) is never repeated once the source is back.
 */
export const riskReplayPolicy = {
  wildfireRisk: (risk: WildfireRisk) => risk.dataStatus.fire === 'cached',
  earthquakeRisk: (risk: EarthquakeRisk) => risk.dataStatus.seismic === 'cached',
};
