import { inWorkScope } from './hardening/logging.js';
import { inRootSpan } from './observability/tracing.js';

/** Work a process repeats on a timer of its own; `stop` waits for a run under way. */
export interface PeriodicWork {
  stop(): Promise<void>;
}

/**
 * Runs `work` now and then every `everyMs`, in this process, so no scheduler outside it is needed. A tick while a
 * run is still under way is skipped rather than queued; a failed run goes to `onError` and the next one tries again.
 */
export function repeatEvery(
  everyMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
  /**
   * What the work is called: the span each run gets when the process traces (a trace of its own, not part of the
   * request that started it), and the `work` field of every log line a run writes.
   */
  name: string,
): PeriodicWork {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= inRootSpan(name, () => inWorkScope(name, work))
      .then(() => undefined, onError)
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
