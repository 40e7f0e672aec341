import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.js';

/** A scheduler whose clock moves only when the test moves it. */
class StillClockScheduler extends Scheduler {
  clock = 0;
  override now(): number {
    return this.clock;
  }
}

describe('one scheduler for many agents', () => {
  it('runs tasks in due order and skips cancelled ones', async () => {
    // the clock stands still while the tasks are added, so a slow machine cannot reorder their due times
    const s = new StillClockScheduler();
    const ran: string[] = [];
    s.after(30, () => ran.push('c'));
    s.after(10, () => ran.push('a'));
    const cancelled = s.after(20, () => ran.push('x'));
    s.after(20, () => ran.push('b'));
    s.after(10, () => ran.push('a2'));
    cancelled.cancel();
    s.clock = 100;
    await expect.poll(() => ran.length).toBe(4);
    expect(ran).toEqual(['a', 'a2', 'b', 'c']);
  });

  it('keeps running when a task throws, and clear() drops everything pending', async () => {
    const errors: unknown[] = [];
    const s = new Scheduler((err) => errors.push(err));
    const ran: string[] = [];
    s.after(0, () => {
      throw new Error('boom');
    });
    s.after(5, () => ran.push('after'));
    s.after(10_000, () => ran.push('never'));
    await expect.poll(() => ran).toEqual(['after']);
    expect(errors).toEqual([new Error('boom')]);
    expect(s.size).toBe(1);
    s.clear();
    expect(s.size).toBe(0);
  });
});
