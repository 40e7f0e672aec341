// Idle screen detection (spec §9): polls every `pollMs` (3 s by default) whether the screen had
// any input (pointer, touch, key, wheel) within `timeoutMs`.
import { useEffect, useRef, useState } from 'react';

const INPUTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function useIdle(pollMs: number, timeoutMs: number, now: () => number = Date.now): boolean {
  const [idle, setIdle] = useState(false);
  const last = useRef(now());
  useEffect(() => {
    const touched = () => {
      last.current = now();
      setIdle(false);
    };
    for (const e of INPUTS) window.addEventListener(e, touched, { passive: true });
    const poll = setInterval(() => setIdle(now() - last.current >= timeoutMs), pollMs);
    return () => {
      for (const e of INPUTS) window.removeEventListener(e, touched);
      clearInterval(poll);
    };
  }, [pollMs, timeoutMs, now]);
  return idle;
}
