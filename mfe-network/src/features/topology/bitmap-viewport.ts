// Panning and zooming the topology as a bitmap. While the user drags or wheels, the drawing already on
// the canvases is moved and scaled with a CSS transform (the browser's compositor does that without
// redrawing a node); the graph itself is moved once, when the view comes to rest, and drawn once. On a
// CPU-only machine a 1,000-node redraw takes longer than a frame, so redrawing at every pointer move
// could not stay fluid (docs/radio.md, "Panning 1,000 nodes").

/** A pending move of the view, in the canvas's pixels: a point p is shown at scale·p + (dx, dy). */
export interface ViewMove {
  scale: number;
  dx: number;
  dy: number;
}

export const NO_MOVE: ViewMove = { scale: 1, dx: 0, dy: 0 };

export function isNoMove(m: ViewMove): boolean {
  return m.scale === 1 && m.dx === 0 && m.dy === 0;
}

/** the move followed by a drag of (dx, dy) pixels */
export function panned(m: ViewMove, dx: number, dy: number): ViewMove {
  return { scale: m.scale, dx: m.dx + dx, dy: m.dy + dy };
}

/** the move followed by a zoom of ratio k about the canvas point (ox, oy) */
export function zoomed(m: ViewMove, k: number, ox: number, oy: number): ViewMove {
  return { scale: m.scale * k, dx: k * (m.dx - ox) + ox, dy: k * (m.dy - oy) + oy };
}

/** first a, then b */
export function composed(a: ViewMove, b: ViewMove): ViewMove {
  return { scale: b.scale * a.scale, dx: b.scale * a.dx + b.dx, dy: b.scale * a.dy + b.dy };
}

export function inverse(m: ViewMove): ViewMove {
  return { scale: 1 / m.scale, dx: -m.dx / m.scale, dy: -m.dy / m.scale };
}

/** where the move shows a canvas point */
export function moveOf(m: ViewMove, x: number, y: number): [number, number] {
  return [m.scale * x + m.dx, m.scale * y + m.dy];
}

export function cssTransform(m: ViewMove): string {
  return isNoMove(m) ? '' : `translate(${m.dx}px, ${m.dy}px) scale(${m.scale})`;
}

/** One wheel step's zoom ratio: a notch (100) is about ×1.5 or ÷1.5; larger deltas are clamped. */
export function wheelRatio(deltaY: number): number {
  return Math.exp(-Math.max(-100, Math.min(100, deltaY)) * 0.004);
}

export interface BitmapViewportOptions {
  /** moves the real view by the settled move: zoom by `scale` about the canvas's (0, 0), then translate by (dx, dy) */
  apply(move: ViewMove): Promise<void>;
  /** the view's zoom now, and the range it may take: the preview stops where the graph would */
  zoom(): number;
  zoomRange: [number, number];
  /** how long the wheel must be still before the view is redrawn */
  restMs?: number;
  /** the next frame (tests give their own) */
  nextFrame?: (fn: () => void) => void;
  /** one bitmap of the drawing's layers (tests give their own; null where a canvas cannot be read) */
  snapshot?: (layers: HTMLCanvasElement[]) => HTMLCanvasElement | null;
}

export interface BitmapViewport {
  /** a pointer gesture that moved the view: the click that ends it opens nothing */
  movedSinceDown(): boolean;
  /** the move being shown and not yet applied (NO_MOVE at rest) */
  pending(): ViewMove;
  /** applies any pending move now and resolves once the view is redrawn */
  settle(): Promise<void>;
  /** forgets a pending move (the view is about to be fitted anyway) */
  discard(): void;
  detach(): void;
}

/** a pointer that moved fewer pixels than this clicked, it did not drag */
const CLICK_SLOP = 4;
const SNAPSHOT = 'data-topology-snapshot';

/** The layers (G6 draws on several canvases) flattened into one canvas of the same size. */
export function drawSnapshot(layers: HTMLCanvasElement[]): HTMLCanvasElement | null {
  const first = layers[0];
  if (!first || first.width === 0 || first.height === 0) return null;
  const shot = first.ownerDocument.createElement('canvas');
  shot.width = first.width;
  shot.height = first.height;
  const ctx = shot.getContext('2d');
  if (!ctx) return null;
  try {
    for (const layer of layers) ctx.drawImage(layer, 0, 0, shot.width, shot.height);
  } catch {
    return null;
  }
  return shot;
}

export function attachBitmapViewport(container: HTMLElement, options: BitmapViewportOptions): BitmapViewport {
  const restMs = options.restMs ?? 150;
  const nextFrame = options.nextFrame ?? ((fn: () => void) => requestAnimationFrame(() => fn()));
  const takeSnapshot = options.snapshot ?? drawSnapshot;
  // the move not handed to the graph yet
  let move: ViewMove = NO_MOVE;
  // the move between the picture on screen and what the user asked for: moves handed to the graph
  // whose drawing is not shown yet, then `move`
  let shown: ViewMove = NO_MOVE;
  let inFlight = 0;
  // a discarded view (fitted anew) ignores the drawings still in flight
  let epoch = 0;
  let drag: { id: number; x: number; y: number; startX: number; startY: number } | null = null;
  let moved = false;
  let wheelTimer: ReturnType<typeof setTimeout> | undefined;
  let settling: Promise<void> = Promise.resolve();
  // While the view moves, one bitmap of the drawing is moved and the graph's own canvases are hidden:
  // the compositor then moves one layer, not G6's four. Where no bitmap can be made (a canvas that
  // cannot be read) the canvases themselves are moved.
  let snapshot: HTMLCanvasElement | null = null;

  const layers = () => Array.from(container.querySelectorAll<HTMLCanvasElement>(`canvas:not([${SNAPSHOT}])`));
  const restore = () => {
    snapshot?.remove();
    snapshot = null;
    for (const c of layers()) {
      c.style.visibility = '';
      c.style.transform = '';
    }
  };
  const show = () => {
    if (isNoMove(shown)) {
      restore();
      return;
    }
    const css = cssTransform(shown);
    if (!snapshot) {
      const list = layers();
      snapshot = takeSnapshot(list);
      if (snapshot) {
        const first = list[0]!;
        snapshot.setAttribute(SNAPSHOT, '');
        Object.assign(snapshot.style, {
          position: 'absolute', left: `${first.offsetLeft}px`, top: `${first.offsetTop}px`,
          width: `${first.clientWidth || first.width}px`, height: `${first.clientHeight || first.height}px`,
          transformOrigin: '0 0', willChange: 'transform', pointerEvents: 'none',
        });
        if (container.ownerDocument.defaultView?.getComputedStyle(container).position === 'static') container.style.position = 'relative';
        container.appendChild(snapshot);
        for (const c of list) c.style.visibility = 'hidden';
      }
    }
    if (snapshot) snapshot.style.transform = css;
    else {
      for (const c of layers()) {
        c.style.transformOrigin = '0 0';
        c.style.transform = css;
      }
    }
  };
  /** the graph drew `done`: a bitmap taken before it still needs it; canvases moved themselves do not */
  const drawn = (done: ViewMove, of: number) => {
    inFlight--;
    if (of !== epoch) return;
    if (snapshot) {
      // the bitmap is dropped once nothing is moving nor waiting to be drawn
      if (inFlight === 0 && isNoMove(move)) shown = NO_MOVE;
    } else {
      shown = composed(inverse(done), shown);
      if (Math.abs(shown.scale - 1) < 1e-9 && Math.abs(shown.dx) < 1e-6 && Math.abs(shown.dy) < 1e-6) shown = NO_MOVE;
    }
    show();
  };
  const step = (next: (m: ViewMove) => ViewMove) => {
    move = next(move);
    shown = next(shown);
    show();
  };

  const settle = (): Promise<void> => {
    clearTimeout(wheelTimer);
    wheelTimer = undefined;
    if (isNoMove(move)) return settling;
    const done = move;
    move = NO_MOVE;
    inFlight++;
    const of = epoch;
    settling = settling.then(async () => {
      try {
        await options.apply(done);
        // the graph draws the moved view on its next frame; the bitmap is dropped just after that
        // drawing, so the picture does not jump back for a frame
        await new Promise<void>((resolve) => nextFrame(() => nextFrame(resolve)));
      } finally {
        drawn(done, of);
      }
    });
    return settling;
  };

  const onDown = (e: PointerEvent) => {
    if (e.button !== 0 || drag) return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY };
    moved = false;
    container.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!moved && Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < CLICK_SLOP) return;
    moved = true;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.x = e.clientX;
    drag.y = e.clientY;
    step((m) => panned(m, dx, dy));
  };
  const onUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag = null;
    container.releasePointerCapture?.(e.pointerId);
    if (moved) void settle();
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const rect = container.getBoundingClientRect();
    // the zoom the user sees: the graph's (moves handed over are applied at once), times the pending move
    const zoom = options.zoom() * move.scale;
    const [min, max] = options.zoomRange;
    const k = Math.min(max / zoom, Math.max(min / zoom, wheelRatio(e.deltaY)));
    if (k === 1) return;
    const x = e.clientX - rect.left, y = e.clientY - rect.top;
    step((m) => zoomed(m, k, x, y));
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => void settle(), restMs);
  };

  container.addEventListener('pointerdown', onDown);
  container.addEventListener('pointermove', onMove);
  container.addEventListener('pointerup', onUp);
  container.addEventListener('pointercancel', onUp);
  container.addEventListener('wheel', onWheel, { passive: false });
  container.style.touchAction = 'none';

  return {
    movedSinceDown: () => moved,
    pending: () => move,
    settle,
    discard() {
      clearTimeout(wheelTimer);
      wheelTimer = undefined;
      move = NO_MOVE;
      shown = NO_MOVE;
      epoch++;
      show();
    },
    detach() {
      clearTimeout(wheelTimer);
      container.removeEventListener('pointerdown', onDown);
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerup', onUp);
      container.removeEventListener('pointercancel', onUp);
      container.removeEventListener('wheel', onWheel);
      restore();
    },
  };
}
