// A TypeScript entry run in its own Node process (its CPU and memory are its own), talking to the
// benchmark over the IPC channel: the child sends `{ type, ... }` messages, the parent waits for them.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUpIfInterrupted } from '../src/interrupted.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ChildMessage {
  type: string;
  [key: string]: unknown;
}

export interface Child {
  pid: number;
  /** Resolves with the first message of this type (or rejects if the child exits first). */
  next(type: string, timeoutMs: number): Promise<ChildMessage>;
  on(type: string, listener: (message: ChildMessage) => void): void;
  send(message: ChildMessage): void;
  /** SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
  output(): string;
  /** lines the child logged at pino's error level or above (50, 60) since it started */
  errorLines(): number;
}

/**
 * `nice`: the child's scheduling priority (0 to 19, higher yields more): the simulators are the
 * devices, which in a real deployment run elsewhere, so on a machine they share with the node they
 * yield to it (docs/performance.md, "The fleet at 20,000 devices").
 */
export function startChild(entry: string, env: Record<string, string>, nodeArgs: string[] = [], nice = 0): Child {
  let output = '';
  let errorLines = 0;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--conditions=airloom-source', '--import', 'tsx', path.join(here, entry)], {
    cwd: here,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (nice > 0 && child.pid !== undefined) os.setPriority(child.pid, nice);
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    errorLines += text.match(/"level":(50|60)\b/g)?.length ?? 0;
    output = (output + text).slice(-20_000);
  };
  // an interrupted bench does not leave the child running (holding its database and broker)
  const forget = cleanUpIfInterrupted(async () => {
    child.kill('SIGKILL');
  });
  child.once('exit', forget);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const listeners = new Map<string, Set<(m: ChildMessage) => void>>();
  child.on('message', (raw) => {
    const message = raw as ChildMessage;
    for (const listener of listeners.get(message.type) ?? []) listener(message);
  });
  const on = (type: string, listener: (m: ChildMessage) => void) => {
    const set = listeners.get(type) ?? new Set();
    set.add(listener);
    listeners.set(type, set);
    return () => set.delete(listener);
  };
  return {
    pid: child.pid!,
    on,
    next(type, timeoutMs) {
      return new Promise((resolve, reject) => {
        const done = (err: Error | null, message?: ChildMessage) => {
          clearTimeout(timer);
          off();
          child.off('exit', onExit);
          if (err) reject(err);
          else resolve(message!);
        };
        const off = on(type, (m) => done(null, m));
        const onExit = (code: number | null) => done(new Error(`${entry} exited (${code}) before '${type}':\n${output}`));
        const timer = setTimeout(() => done(new Error(`${entry}: no '${type}' within ${timeoutMs} ms:\n${output}`)), timeoutMs);
        child.once('exit', onExit);
      });
    },
    send(message) {
      child.send(message);
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => { timer = setTimeout(r, graceMs); })]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    output: () => output,
    errorLines: () => errorLines,
  };
}
