import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachBitmapViewport, composed, inverse, moveOf, NO_MOVE, panned, zoomed, type BitmapViewport, type ViewMove } from './bitmap-viewport';

/** What the graph does with an applied move: zoom about the canvas's (0, 0), then translate (G6's zoomBy, translateBy). */
function graphMoves(point: [number, number], m: ViewMove): [number, number] {
  return [point[0] * m.scale + m.dx, point[1] * m.scale + m.dy];
}

describe('view moves', () => {
  it('a drag then a zoom about the pointer shows each point where the settled graph draws it', () => {
    let m = panned(NO_MOVE, 40, -10);
    m = zoomed(m, 2, 300, 200);
    m = panned(m, -5, 7);
    for (const p of [[0, 0], [300, 200], [123, 456]] as Array<[number, number]>) {
      // by hand: drag, then zoom ×2 about (300, 200), then drag again
      const dragged = [p[0] + 40, p[1] - 10];
      const zoomedPoint = [2 * (dragged[0]! - 300) + 300, 2 * (dragged[1]! - 200) + 200];
      const expected = [zoomedPoint[0]! - 5, zoomedPoint[1]! + 7];
      expect(moveOf(m, ...p)).toEqual(expected);
      expect(graphMoves(p, m)).toEqual(expected);
    }
  });

  it('a zoom keeps the point under the pointer where it is', () => {
    expect(moveOf(zoomed(NO_MOVE, 3, 100, 50), 100, 50)).toEqual([100, 50]);
  });

  it('composing with the inverse gives no move', () => {
    const m = zoomed(panned(NO_MOVE, 12, 3), 1.5, 40, 40);
    const back = composed(inverse(m), composed(m, panned(NO_MOVE, 7, 1)));
    expect(back.scale).toBeCloseTo(1, 12);
    expect(back.dx).toBeCloseTo(7, 9);
    expect(back.dy).toBeCloseTo(1, 9);
  });
});

function pointer(type: string, x: number, y: number): PointerEvent {
  return new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true });
}

describe('attachBitmapViewport', () => {
  let viewport: BitmapViewport | undefined;
  afterEach(() => {
    viewport?.detach();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  function setup(zoom = 1, snapshots = false) {
    const box = document.createElement('div');
    const layers = [document.createElement('canvas'), document.createElement('canvas')];
    for (const c of layers) box.appendChild(c);
    document.body.appendChild(box);
    const applied: ViewMove[] = [];
    const frames: Array<() => void> = [];
    viewport = attachBitmapViewport(box, {
      zoom: () => zoom,
      zoomRange: [0.5, 2],
      apply: async (m) => void applied.push(m),
      nextFrame: (fn) => void frames.push(fn),
      restMs: 150,
      // happy-dom cannot read a canvas: a plain one stands for the flattened drawing
      ...(snapshots ? { snapshot: () => document.createElement('canvas') } : {}),
    });
    const runFrames = async () => {
      for (let i = 0; i < 10; i++) {
        await Promise.resolve();
        while (frames.length) frames.shift()!();
      }
    };
    return { box, layers, applied, runFrames };
  }

  it('moves the drawn canvases while dragging and moves the graph once, at release', async () => {
    const { box, layers, applied, runFrames } = setup();
    box.dispatchEvent(pointer('pointerdown', 100, 100));
    box.dispatchEvent(pointer('pointermove', 110, 100));
    box.dispatchEvent(pointer('pointermove', 130, 90));
    // the graph is not touched while the pointer moves: only the bitmap
    expect(applied).toEqual([]);
    for (const c of layers) expect(c.style.transform).toBe('translate(30px, -10px) scale(1)');
    box.dispatchEvent(pointer('pointerup', 130, 90));
    const settled = viewport!.settle();
    await runFrames();
    await settled;
    expect(applied).toEqual([{ scale: 1, dx: 30, dy: -10 }]);
    // redrawn at rest: the bitmap is no longer moved
    for (const c of layers) expect(c.style.transform).toBe('');
    expect(viewport!.movedSinceDown()).toBe(true);
  });

  it('a press without movement is a click: nothing moves', async () => {
    const { box, layers, applied } = setup();
    box.dispatchEvent(pointer('pointerdown', 100, 100));
    box.dispatchEvent(pointer('pointermove', 102, 101));
    box.dispatchEvent(pointer('pointerup', 102, 101));
    expect(viewport!.movedSinceDown()).toBe(false);
    expect(applied).toEqual([]);
    expect(layers[0]!.style.transform).toBe('');
  });

  it('wheel steps scale the bitmap about the pointer and the graph zooms once the wheel rests, within the zoom range', async () => {
    vi.useFakeTimers();
    const { box, layers, applied, runFrames } = setup(1);
    const wheel = () => {
      const e = new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true });
      // happy-dom's WheelEvent keeps no pointer position
      Object.defineProperties(e, { clientX: { value: 200 }, clientY: { value: 100 } });
      box.dispatchEvent(e);
      expect(e.defaultPrevented).toBe(true);
    };
    wheel();
    wheel();
    wheel();
    expect(applied).toEqual([]);
    // three notches would pass ×2: the preview stops at the range's top, as the graph will
    expect(viewport!.pending().scale).toBeCloseTo(2, 9);
    expect(layers[1]!.style.transform).toContain('scale(2');
    vi.advanceTimersByTime(160);
    await runFrames();
    expect(applied).toHaveLength(1);
    expect(applied[0]!.scale).toBeCloseTo(2, 9);
    // the point under the pointer stayed there
    const [x, y] = moveOf(applied[0]!, 200, 100);
    expect(x).toBeCloseTo(200, 6);
    expect(y).toBeCloseTo(100, 6);
    expect(layers[1]!.style.transform).toBe('');
  });

  it('a drag started while the graph is still redrawing the last one keeps both on the bitmap', async () => {
    const { box, layers, applied, runFrames } = setup();
    box.dispatchEvent(pointer('pointerdown', 0, 0));
    box.dispatchEvent(pointer('pointermove', 50, 0));
    box.dispatchEvent(pointer('pointerup', 50, 0));
    // not redrawn yet (no frame has run): a second drag begins
    box.dispatchEvent(pointer('pointerdown', 50, 0));
    box.dispatchEvent(pointer('pointermove', 50, 20));
    expect(layers[0]!.style.transform).toBe('translate(50px, 20px) scale(1)');
    await runFrames();
    // the first drag is drawn by the graph now: the bitmap keeps only the second
    expect(applied).toEqual([{ scale: 1, dx: 50, dy: 0 }]);
    expect(layers[0]!.style.transform).toBe('translate(0px, 20px) scale(1)');
  });

  it("moves one bitmap of the drawing while the graph's own canvases are hidden, and drops it at rest", async () => {
    const { box, layers, applied, runFrames } = setup(1, true);
    const bitmap = () => box.querySelector<HTMLCanvasElement>('canvas[data-topology-snapshot]');
    box.dispatchEvent(pointer('pointerdown', 0, 0));
    box.dispatchEvent(pointer('pointermove', 40, 0));
    expect(bitmap()?.style.transform).toBe('translate(40px, 0px) scale(1)');
    for (const c of layers) {
      expect(c.style.visibility).toBe('hidden');
      expect(c.style.transform).toBe('');
    }
    box.dispatchEvent(pointer('pointerup', 40, 0));
    // a second drag while the first is being drawn: the same bitmap shows both
    box.dispatchEvent(pointer('pointerdown', 40, 0));
    box.dispatchEvent(pointer('pointermove', 40, 30));
    await runFrames();
    expect(applied).toEqual([{ scale: 1, dx: 40, dy: 0 }]);
    expect(bitmap()?.style.transform).toBe('translate(40px, 30px) scale(1)');
    box.dispatchEvent(pointer('pointerup', 40, 30));
    await runFrames();
    expect(applied).toEqual([{ scale: 1, dx: 40, dy: 0 }, { scale: 1, dx: 0, dy: 30 }]);
    // at rest: the graph's drawing again, no bitmap
    expect(bitmap()).toBeNull();
    for (const c of layers) expect(c.style.visibility).toBe('');
  });

  it('a view fitted anew while a drag is being drawn drops the bitmap for good', async () => {
    const { box, layers, runFrames } = setup(1, true);
    box.dispatchEvent(pointer('pointerdown', 0, 0));
    box.dispatchEvent(pointer('pointermove', 40, 0));
    box.dispatchEvent(pointer('pointerup', 40, 0));
    viewport!.discard();
    expect(box.querySelector('canvas[data-topology-snapshot]')).toBeNull();
    await runFrames();
    expect(box.querySelector('canvas[data-topology-snapshot]')).toBeNull();
    for (const c of layers) expect([c.style.visibility, c.style.transform]).toEqual(['', '']);
  });
});
