import type { HelpStatus } from './vocabulary.js';

/*
 * A help request's service-level clock, as pure rules over the request's columns. The clock runs while a request
 * is open or in progress; on hold it waits on the requester, and resolved or closed it waits for nothing, so in
 * both it stands still, and reopening resumes it where it stopped. Due times are the creation plus the target
 * plus the finished pauses: resuming moves them later by the pause just ended.
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
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Seconds the clock has run from filing to `at`. */
export function clockSeconds(clock: SlaClock, at: Date): number {
  const stopped = clock.pausedSince ? at.getTime() - clock.pausedSince.getTime() : 0;
  return seconds(at.getTime() - clock.createdAt.getTime() - stopped) - clock.pausedSeconds;
}

/** Seconds the clock has stood still by `at`, the running pause included. */
export function pausedSecondsAt(clock: SlaClock, at: Date): number {
  return clock.pausedSeconds + (clock.pausedSince ? seconds(at.getTime() - clock.pausedSince.getTime()) : 0);
}

const dueOf = (clock: SlaClock, target: SlaTarget) => (target === 'first_response' ? clock.firstResponseDueAt : clock.resolutionDueAt);
const metOf = (clock: SlaClock, target: SlaTarget) => (target === 'first_response' ? clock.firstPublicResponseAt : clock.resolvedAt);
const breachedOf = (clock: SlaClock, target: SlaTarget) => (target === 'first_response' ? clock.firstResponseBreached : clock.resolutionBreached);

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
export function meetFirstResponse(clock: SlaClock, at: Date): SlaTarget[] {
  if (clock.firstPublicResponseAt) return [];
  const late = passedTargets(clock, at).filter((t) => t === 'first_response');
  clock.firstPublicResponseAt = at;
  clock.firstResponseSeconds = clockSeconds(clock, at);
  late.forEach((t) => markBreached(clock, t));
  return late;
}

/**
 * A status change: resolving or closing meets the resolution target (late: a breach, returned), reopening
 * withdraws that; stopping the clock starts a pause and restarting it ends one, moving the due times later.
 */
export function changeStatus(clock: SlaClock, status: HelpStatus, at: Date): SlaTarget[] {
  const late: SlaTarget[] = [];
  const wasStopped = Boolean(clock.pausedSince);
  const willStop = CLOCK_STOPPED.includes(status);
  if (MEETS_RESOLUTION.includes(status) && !clock.resolvedAt) {
    late.push(...passedTargets(clock, at).filter((t) => t === 'resolution'));
    clock.resolvedAt = at;
    clock.resolutionSeconds = clockSeconds(clock, at);
  } else if (!MEETS_RESOLUTION.includes(status) && clock.resolvedAt) {
    clock.resolvedAt = null;
    clock.resolutionSeconds = null;
  }
  if (!wasStopped && willStop) {
    clock.pausedSince = at;
  } else if (wasStopped && !willStop) {
    const pause = seconds(at.getTime() - clock.pausedSince!.getTime());
    clock.pausedSeconds += pause;
    clock.pausedSince = null;
    clock.firstResponseDueAt = new Date(clock.firstResponseDueAt.getTime() + pause * 1000);
    clock.resolutionDueAt = new Date(clock.resolutionDueAt.getTime() + pause * 1000);
  }
  clock.status = status;
  late.forEach((t) => markBreached(clock, t));
  return late;
}

/** Due times for a priority's targets: from the creation, plus the finished pauses. */
export function dueTimes(clock: Pick<SlaClock, 'createdAt' | 'pausedSeconds'>, targets: { firstResponseMinutes: number; resolutionMinutes: number }) {
  const from = clock.createdAt.getTime() + clock.pausedSeconds * 1000;
  return {
    firstResponseDueAt: new Date(from + targets.firstResponseMinutes * 60_000),
    resolutionDueAt: new Date(from + targets.resolutionMinutes * 60_000),
  };
}

/*
 * Times in the statistics' histogram: bucket 0 is under a minute, bucket k >= 1 holds
 * [60 * 1.05^(k-1), 60 * 1.05^k) seconds, and the last (319) everything longer (see the help_service_levels migration).
 * A percentile reads as its bucket's upper edge: at most 5% above the exact value.
 */
export const bucketUpperEdge = (bucket: number): number => Math.round(60 * 1.05 ** bucket);
