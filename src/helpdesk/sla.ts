import { clockAdd, clockMs, type BusinessSchedule } from './business-time.js';
import type { HelpStatus } from './vocabulary.js';

/*
 * A help request's service-level clock, as pure rules over the request's columns. The clock runs while a request
 * is open or in progress; on hold it waits on the requester, and resolved or closed it waits for nothing, so in
 * both it stands still, and reopening resumes it where it stopped. It counts calendar time, or the working time of
 * the schedule its priority's policy names. What it has used is kept as of a checkpoint (`slaUsedSeconds` at
 * `slaCountedAt`, under `slaScheduleId`): running, it has used that plus the clock's time since; standing still,
 * just that. Due times are when what is left of each target runs out, counted from the checkpoint: a pause, a
 * priority change or a change of the rules moves the checkpoint, and the due times follow.
 */

/** The statuses in which the clock stands still. */
export const CLOCK_STOPPED: readonly HelpStatus[] = ['on_hold', 'resolved', 'closed'];
const MEETS_RESOLUTION: readonly HelpStatus[] = ['resolved', 'closed'];

export type SlaTarget = 'first_response' | 'resolution';

/** The columns the rules read and write (a HelpRequest entity has them all). */
export interface SlaClock {
  createdAt: Date;
  status: HelpStatus;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  pausedSeconds: number;
  pausedSince?: Date | null;
  firstPublicResponseAt?: Date | null;
  resolvedAt?: Date | null;
  firstResponseSeconds?: number | null;
  resolutionSeconds?: number | null;
  firstResponseBreached: boolean;
  resolutionBreached: boolean;
  /** The schedule whose working time the clock counts (null: calendar time). */
  slaScheduleId?: string | null;
  /** Clock seconds used as of slaCountedAt. */
  slaUsedSeconds: number;
  slaCountedAt: Date;
}

/** What a priority promises: its targets, and the schedule they are counted in (null: calendar time). */
export interface SlaRules {
  firstResponseMinutes: number;
  resolutionMinutes: number;
  scheduleId: string | null;
  schedule: BusinessSchedule | null;
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/**
 * Seconds the clock has run from filing to `at`; `schedule` is the one it counts in (slaScheduleId's), needed only
 * while it runs.
 */
export function usedSecondsAt(
  clock: Pick<SlaClock, 'pausedSince' | 'slaUsedSeconds' | 'slaCountedAt'>,
  schedule: BusinessSchedule | null,
  at: Date,
): number {
  if (clock.pausedSince) return clock.slaUsedSeconds;
  return clock.slaUsedSeconds + seconds(clockMs(schedule, clock.slaCountedAt.getTime(), at.getTime()));
}

/** Seconds the clock has stood still by `at`, the running pause included. */
export function pausedSecondsAt(clock: SlaClock, at: Date): number {
  return clock.pausedSeconds + (clock.pausedSince ? seconds(at.getTime() - clock.pausedSince.getTime()) : 0);
}

const dueOf = (clock: SlaClock, target: SlaTarget) =>
  target === 'first_response' ? clock.firstResponseDueAt : clock.resolutionDueAt;
const metOf = (clock: SlaClock, target: SlaTarget) =>
  target === 'first_response' ? clock.firstPublicResponseAt : clock.resolvedAt;
const breachedOf = (clock: SlaClock, target: SlaTarget) =>
  target === 'first_response' ? clock.firstResponseBreached : clock.resolutionBreached;

/** The targets whose due time passed unmet while the clock ran, and are not yet marked: a breach to record now. */
export function passedTargets(clock: SlaClock, at: Date): SlaTarget[] {
  if (clock.pausedSince) return [];
  return (['first_response', 'resolution'] as const).filter(
    (target) => !breachedOf(clock, target) && !metOf(clock, target) && dueOf(clock, target).getTime() < at.getTime(),
  );
}

/** Marks a target breached (the caller records it and tells administrators). */
export function markBreached(clock: SlaClock, target: SlaTarget): void {
  if (target === 'first_response') clock.firstResponseBreached = true;
  else clock.resolutionBreached = true;
}

/**
 * The first public response of an administrator meets the first-response target; a late one is a breach,
 * returned so the caller records it (unless the passed due time was already recorded).
 */
export function meetFirstResponse(clock: SlaClock, at: Date, schedule: BusinessSchedule | null): SlaTarget[] {
  if (clock.firstPublicResponseAt) return [];
  const late = passedTargets(clock, at).filter((t) => t === 'first_response');
  clock.firstPublicResponseAt = at;
  clock.firstResponseSeconds = usedSecondsAt(clock, schedule, at);
  late.forEach((t) => markBreached(clock, t));
  return late;
}

/**
 * A status change: resolving or closing meets the resolution target (late: a breach, returned), reopening
 * withdraws that; stopping the clock starts a pause (what was used is kept) and restarting it ends one, counting
 * what is left from then under `rules`, the priority's rules as they stand. `schedule` is the one the clock has
 * counted in so far.
 */
export function changeStatus(
  clock: SlaClock,
  status: HelpStatus,
  at: Date,
  schedule: BusinessSchedule | null,
  rules: SlaRules,
): SlaTarget[] {
  const late: SlaTarget[] = [];
  const wasStopped = Boolean(clock.pausedSince);
  const willStop = CLOCK_STOPPED.includes(status);
  if (MEETS_RESOLUTION.includes(status) && !clock.resolvedAt) {
    late.push(...passedTargets(clock, at).filter((t) => t === 'resolution'));
    clock.resolvedAt = at;
    clock.resolutionSeconds = usedSecondsAt(clock, schedule, at);
  } else if (!MEETS_RESOLUTION.includes(status) && clock.resolvedAt) {
    clock.resolvedAt = null;
    clock.resolutionSeconds = null;
  }
  if (!wasStopped && willStop) {
    clock.slaUsedSeconds = usedSecondsAt(clock, schedule, at);
    clock.slaCountedAt = at;
    clock.pausedSince = at;
  } else if (wasStopped && !willStop) {
    clock.pausedSeconds += seconds(at.getTime() - clock.pausedSince!.getTime());
    clock.pausedSince = null;
    clock.slaCountedAt = at;
    Object.assign(clock, dueTimes(clock, rules));
  }
  clock.status = status;
  late.forEach((t) => markBreached(clock, t));
  return late;
}

/**
 * Counts what is left under `rules` from `at`: what the clock has used so far (under `schedule`, the one it counted
 * in) stays used. A running clock is checkpointed at `at`; one standing still keeps its checkpoint, and its due
 * times read as if it resumed where it stopped. Breach flags stay as they are.
 */
export function recount(clock: SlaClock, at: Date, schedule: BusinessSchedule | null, rules: SlaRules): void {
  if (!clock.pausedSince) {
    clock.slaUsedSeconds = usedSecondsAt(clock, schedule, at);
    clock.slaCountedAt = at;
  }
  Object.assign(clock, dueTimes(clock, rules));
}

/** A new clock, started at `at` under `rules`. */
export function startClock(at: Date, rules: SlaRules) {
  const clock = { slaUsedSeconds: 0, slaCountedAt: at };
  return { ...clock, pausedSeconds: 0, ...dueTimes(clock, rules) };
}

/** Due times for what is left of each target, counted from the clock's checkpoint under `rules`; sets the clock's schedule. */
export function dueTimes(clock: Pick<SlaClock, 'slaUsedSeconds' | 'slaCountedAt'>, rules: SlaRules) {
  const from = clock.slaCountedAt.getTime();
  const left = (minutes: number) => (minutes * 60 - clock.slaUsedSeconds) * 1000;
  return {
    slaScheduleId: rules.scheduleId,
    firstResponseDueAt: new Date(clockAdd(rules.schedule, from, left(rules.firstResponseMinutes))),
    resolutionDueAt: new Date(clockAdd(rules.schedule, from, left(rules.resolutionMinutes))),
  };
}

/*
 * Times in the statistics' histogram: bucket 0 is under a minute, bucket k >= 1 holds
 * [60 * 1.05^(k-1), 60 * 1.05^k) seconds, and the last (319) everything longer (see the help_service_levels migration).
 * A percentile reads as its bucket's upper edge: at most 5% above the exact value.
 */
export const bucketUpperEdge = (bucket: number): number => Math.round(60 * 1.05 ** bucket);
