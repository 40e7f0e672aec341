// A bench stopped with Ctrl-C or `kill` (SIGINT, SIGTERM) still stops the brokers it started and drops
// the databases it created, instead of leaving them on the machine for the next run to trip over.
const pending = new Set<() => Promise<void>>();
/** an interrupted bench waits at most this long for its clean-up before it exits anyway */
const CLEANUP_MS = 15_000;
let installed = false;

/** `cleanup` runs if the bench is interrupted before the returned function is called. */
export function cleanUpIfInterrupted(cleanup: () => Promise<void>): () => void {
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void interrupted(signal));
  }
  pending.add(cleanup);
  return () => pending.delete(cleanup);
}

async function interrupted(signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  console.error(`bench: ${signal}, cleaning up (${pending.size} left)`);
  const cleanups = [...pending];
  pending.clear();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(cleanups.map((cleanup) => cleanup())),
    new Promise((resolve) => { timer = setTimeout(resolve, CLEANUP_MS); }),
  ]);
  clearTimeout(timer);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
