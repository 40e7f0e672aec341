// The Leaflet drawing of a floor (CRS.Simple: one map unit is one pixel of the plan; y grows down
// on the plan, so a point (x, y) is LatLng(−y, x)). The only module that imports leaflet; the page
// loads it with a dynamic import, so Leaflet is a lazy chunk of the Wi-Fi map page.
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';

export interface PlanPoint {
  x: number;
  y: number;
}

export interface MapWall {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lossDb: number;
}

export interface MapAp {
  id: string;
  x: number;
  y: number;
  label: string;
  /** planned: only on the map; real: a device; ghost: a suggestion not accepted yet */
  kind: 'planned' | 'real' | 'ghost';
  /** a real AP's live state */
  online?: boolean;
  selected?: boolean;
}

export interface MapCallbacks {
  onClick(point: PlanPoint): void;
  onApMoved(id: string, point: PlanPoint): void;
  onApClick(id: string): void;
  /** a wall clicked while walls are selectable: its index in the floor's list */
  onWallClick(index: number): void;
}

export interface FloorMap {
  setPlan(plan: { width: number; height: number; imageUrl: string | null }): void;
  /** selectable: a click on a wall selects it (the "Select and move" mode); the selected one is drawn highlighted */
  setWalls(walls: readonly MapWall[], options?: { selectable: boolean; selected: number | null }): void;
  setAps(aps: readonly MapAp[], draggable: boolean): void;
  setHeatmap(image: { url: string; width: number; height: number } | null): void;
  setDraft(points: readonly PlanPoint[]): void;
  /** the plan point under a page position (a drop) */
  toPlan(clientX: number, clientY: number): PlanPoint;
  destroy(): void;
}

const ll = (p: PlanPoint) => L.latLng(-p.y, p.x);
const toPlan = (latlng: L.LatLng): PlanPoint => ({ x: latlng.lng, y: -latlng.lat });

/** thicker is more attenuating: plasterboard 5 dB thin, bearing wall 28 dB thick */
const wallWeight = (lossDb: number) => Math.max(2, Math.min(8, 1 + lossDb / 4));

function apIcon(ap: MapAp): L.DivIcon {
  const colour = ap.kind === 'ghost' ? '#6d28d9' : ap.kind === 'planned' ? '#0b5cad' : ap.online ? '#1a7f37' : '#9aa5b1';
  const border = ap.selected ? '#f59e0b' : '#ffffff';
  const dashed = ap.kind === 'ghost' ? 'dashed' : 'solid';
  const live = ap.kind === 'real' ? ` data-online="${ap.online ? 'true' : 'false'}"` : '';
  const html = `<div data-ap-id="${ap.id}" data-ap-kind="${ap.kind}"${live} title="${ap.label.replace(/"/g, '&quot;')}" style="width:22px;height:22px;border-radius:50%;background:${colour};border:3px ${dashed} ${border};box-shadow:0 1px 3px rgba(0,0,0,.4);opacity:${ap.kind === 'ghost' ? 0.75 : 1}"></div><div style="position:absolute;left:50%;top:28px;transform:translateX(-50%);white-space:nowrap;font:600 11px system-ui;color:#1f2933;background:rgba(255,255,255,.85);padding:0 3px;border-radius:3px">${ap.label.replace(/</g, '&lt;')}</div>`;
  return L.divIcon({ html, className: 'airloom-ap', iconSize: [28, 28], iconAnchor: [14, 14] });
}

/** Leaflet's own stylesheet, once per document (the chunk carries it as text). */
function ensureStyle(doc: Document): void {
  if (doc.querySelector('style[data-airloom-leaflet]')) return;
  const style = doc.createElement('style');
  style.setAttribute('data-airloom-leaflet', '');
  style.textContent = leafletCss;
  doc.head.appendChild(style);
}

export function createFloorMap(container: HTMLElement, callbacks: MapCallbacks): FloorMap {
  ensureStyle(container.ownerDocument);
  const map = L.map(container, { crs: L.CRS.Simple, minZoom: -4, maxZoom: 4, zoomSnap: 0.25, attributionControl: false, doubleClickZoom: false,
    // Leaflet's keyboard handler focuses the map on mousedown, which scrolls the console's content
    // area under the pointer between press and release (the click lands elsewhere on the plan)
    keyboard: false,
  });
  let plan = { width: 800, height: 480 };
  let image: L.ImageOverlay | null = null;
  let heat: L.ImageOverlay | null = null;
  const walls = L.layerGroup().addTo(map);
  const draft = L.layerGroup().addTo(map);
  const aps = L.layerGroup().addTo(map);
  const bounds = () => L.latLngBounds(ll({ x: 0, y: plan.height }), ll({ x: plan.width, y: 0 }));
  let frame: L.Rectangle | null = null;
  // a view first: layers added to a map without one are drawn only later
  map.fitBounds(bounds());

  map.on('click', (e: L.LeafletMouseEvent) => callbacks.onClick(toPlan(e.latlng)));

  return {
    setPlan(next) {
      const changed = next.width !== plan.width || next.height !== plan.height || !frame;
      plan = { width: next.width, height: next.height };
      if (changed) map.fitBounds(bounds(), { padding: [16, 16], animate: false });
      image?.remove();
      image = next.imageUrl ? L.imageOverlay(next.imageUrl, bounds(), { className: 'airloom-plan' }).addTo(map) : null;
      image?.bringToBack();
      frame?.remove();
      frame = L.rectangle(bounds(), { color: '#7b8794', weight: 1, fill: !next.imageUrl, fillColor: '#ffffff', fillOpacity: 1, interactive: false }).addTo(map);
      frame.bringToBack();
    },
    setWalls(list, options = { selectable: false, selected: null }) {
      walls.clearLayers();
      list.forEach((w, index) => {
        const selected = options.selected === index;
        const points = [ll({ x: w.x1, y: w.y1 }), ll({ x: w.x2, y: w.y2 })];
        const line = L.polyline(points, { color: selected ? '#f59e0b' : '#1f2933', weight: wallWeight(w.lossDb), interactive: false, className: selected ? 'airloom-wall airloom-wall-selected' : 'airloom-wall' }).addTo(walls);
        line.getElement()?.setAttribute('data-wall-index', String(index));
        if (!options.selectable) return;
        // a wider, invisible line on top catches the click: a 2 px wall is hard to hit
        const hit = L.polyline(points, { color: '#000000', opacity: 0, weight: 14, interactive: true, className: 'airloom-wall-hit' }).addTo(walls);
        hit.getElement()?.setAttribute('data-wall-hit', String(index));
        hit.on('click', (e) => {
          L.DomEvent.stopPropagation(e);
          callbacks.onWallClick(index);
        });
      });
    },
    setAps(list, draggable) {
      aps.clearLayers();
      for (const ap of list) {
        const marker = L.marker(ll(ap), { icon: apIcon(ap), draggable: draggable && ap.kind !== 'ghost', keyboard: true, title: ap.label }).addTo(aps);
        marker.on('click', (e) => {
          L.DomEvent.stopPropagation(e);
          callbacks.onApClick(ap.id);
        });
        marker.on('dragend', () => callbacks.onApMoved(ap.id, toPlan(marker.getLatLng())));
      }
    },
    setHeatmap(next) {
      heat?.remove();
      heat = next ? L.imageOverlay(next.url, L.latLngBounds(ll({ x: 0, y: next.height }), ll({ x: next.width, y: 0 })), { opacity: 0.65, className: 'airloom-heatmap', interactive: false }).addTo(map) : null;
      if (heat) {
        heat.bringToFront();
        // cells are drawn as sharp squares, not blurred
        const el = heat.getElement();
        if (el) el.style.imageRendering = 'pixelated';
      }
    },
    setDraft(points) {
      draft.clearLayers();
      if (!points.length) return;
      for (const p of points) L.circleMarker(ll(p), { radius: 4, color: '#f59e0b', interactive: false }).addTo(draft);
      if (points.length > 1) L.polyline(points.map(ll), { color: '#f59e0b', weight: 3, dashArray: '6 4', interactive: false }).addTo(draft);
    },
    toPlan(clientX, clientY) {
      const rect = container.getBoundingClientRect();
      return toPlan(map.containerPointToLatLng(L.point(clientX - rect.left, clientY - rect.top)));
    },
    destroy() {
      map.remove();
    },
  };
}
