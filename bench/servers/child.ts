/**
 * The handshake every bench server does with the runner: report the URL it listens on over IPC, and stop
 * cleanly on SIGTERM or when the runner goes away, so no server outlives a run.
 */
export function announce(url: string, close: () => Promise<unknown>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
  process.send?.({ kind: 'ready', url });
}
