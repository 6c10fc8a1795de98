import type { IsoTimestamp } from '../platform/db/timestamps.js';
import type { HelpRequestView } from './help-request-read-model.js';
import { slaClockOf } from './help-request-read-model.js';
import type { ScheduleRecord } from './schedule-records.js';
import type { HelpScheduleView } from './schedules.js';
import { passedTargets, pausedSecondsAt, usedSecondsAt, type SlaRules } from './sla.js';

/** What a request's service levels show an agent. */
export interface HelpRequestSla {
  firstResponseDueAt: IsoTimestamp;
  resolutionDueAt: IsoTimestamp;
  firstResponseAt: IsoTimestamp | null;
  resolvedAt: IsoTimestamp | null;
  firstResponseBreached: boolean;
  resolutionBreached: boolean;
  pausedSeconds: number;
  paused: boolean;
  /** The schedule whose working time the clock counts (null: calendar time). */
  schedule: HelpScheduleView | null;
  firstResponseMinutesUsed: number;
  firstResponseMinutesLeft: number;
  resolutionMinutesUsed: number;
  resolutionMinutesLeft: number;
}

/**
 * A request's service levels at `now`: a passed due time reads as breached at once. Minutes used and left are the
 * clock's (working minutes under `record`, the schedule it counts in), against the priority's `rules`.
 */
export function slaView(
  request: HelpRequestView,
  now: Date,
  rules: SlaRules,
  schedule: { record: ScheduleRecord; view: HelpScheduleView } | null,
): HelpRequestSla {
  const clock = slaClockOf(request);
  const passed = passedTargets(clock, now);
  const usedNow = usedSecondsAt(clock, schedule?.record ?? null, now);
  const minutes = (metSeconds: number | null | undefined, met: Date | null | undefined, target: number) => {
    const used = Math.floor((met ? (metSeconds ?? usedNow) : usedNow) / 60);
    return { used, left: Math.max(0, target - used) };
  };
  const firstResponse = minutes(request.firstResponseSeconds, clock.firstPublicResponseAt, rules.firstResponseMinutes);
  const resolution = minutes(request.resolutionSeconds, clock.resolvedAt, rules.resolutionMinutes);
  return {
    firstResponseDueAt: request.firstResponseDueAt,
    resolutionDueAt: request.resolutionDueAt,
    firstResponseAt: request.firstPublicResponseAt ?? null,
    resolvedAt: request.resolvedAt ?? null,
    firstResponseBreached: request.firstResponseBreached || passed.includes('first_response'),
    resolutionBreached: request.resolutionBreached || passed.includes('resolution'),
    pausedSeconds: pausedSecondsAt(clock, now),
    paused: Boolean(request.pausedSince),
    schedule: schedule?.view ?? null,
    firstResponseMinutesUsed: firstResponse.used,
    firstResponseMinutesLeft: firstResponse.left,
    resolutionMinutesUsed: resolution.used,
    resolutionMinutesLeft: resolution.left,
  };
}
