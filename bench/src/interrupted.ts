// A bench stopped with Ctrl-C or `kill` (SIGINT, SIGTERM), or ended by an error nothing caught, still
// stops the brokers it started and drops the databases it created, instead of leaving them on the
// machine for the next run to trip over.
const pending = new Set<() => Promise<void>>();
/** a stopped bench waits at most this long for its clean-up before it exits anyway */
const CLEANUP_MS = 15_000;
let installed = false;
let stopping = false;

/** `cleanup` runs if the bench is interrupted or fails before the returned function is called. */
export function cleanUpIfInterrupted(cleanup: () => Promise<void>): () => void {
  if (!installed) {
    installed = true;
    process.once('SIGINT', () => void stop('SIGINT', 130));
    process.once('SIGTERM', () => void stop('SIGTERM', 143));
    // an unhandled rejection comes here too (Node's default: it is thrown)
    process.on('uncaughtException', (err) => {
      console.error(err);
      void stop('an uncaught error', 1);
    });
  }
  pending.add(cleanup);
  return () => pending.delete(cleanup);
}

async function stop(why: string, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.error(`bench: ${why}, cleaning up (${pending.size} left)`);
  const cleanups = [...pending];
  pending.clear();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(cleanups.map((cleanup) => cleanup())),
    new Promise((resolve) => { timer = setTimeout(resolve, CLEANUP_MS); }),
  ]);
  clearTimeout(timer);
  process.exit(exitCode);
}
