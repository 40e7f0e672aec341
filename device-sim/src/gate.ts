// Bounds how many agents of a fleet are in the middle of connecting at once. Mosquitto's listen
// backlog is 100: thousands of simultaneous SYNs after a broker restart would mostly be dropped and
// retried, so a fleet lets a few dozen through at a time.

export type Release = () => void;

export class ConnectGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Waits for a slot; the returned function frees it (calling it twice is harmless). */
  async acquire(): Promise<Release> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // the slot passes straight to the next waiter
      if (next) next();
      else this.active--;
    };
  }
}
