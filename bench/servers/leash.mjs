// Loaded first into the compiled gateway the bench starts: when the runner's IPC channel closes (the runner has
// gone away), the gateway stops as `docker stop` stops it, so no server outlives a run. Nothing else.
process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
