import { useCallback, useEffect, useRef, useState } from 'react';
import { count } from '../../components/format';
import { eventAt, firstAtLeast, TICK, type Lane, type TimelineModel } from './timeline-model';

const LABEL_W = 140;
const AXIS_H = 22;
const LANE_H = 44;
/** The narrowest window one can zoom to (ms). */
const MIN_SPAN = 0.5;

interface Colors {
  fg: string;
  muted: string;
  border: string;
  ok: string;
  bad: string;
  warn: string;
  accent: string;
}

/**
 * A theme colour as the canvas can take it: the variable resolved by the browser (the theme writes them with
 * `light-dark()`, which a canvas's fillStyle does not read), through a probe's computed colour.
 */
function css(el: Element, name: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name}, ${fallback})`;
  probe.style.display = 'none';
  el.parentElement?.appendChild(probe);
  const color = getComputedStyle(probe).color || fallback;
  probe.remove();
  return color;
}

/** A length of time as a person reads it on an axis. */
export function spanText(ms: number): string {
  if (ms === 0) return '0';
  if (Math.abs(ms) < 1) return `${Math.round(ms * 1000)} µs`;
  if (Math.abs(ms) < 1000) return `${Math.round(ms * 10) / 10} ms`;
  if (Math.abs(ms) < 60_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A step of the axis: 1, 2 or 5 times a power of ten, about every 100 px. */
function axisStep(span: number, width: number): number {
  const rough = (span / Math.max(1, width)) * 100;
  const p = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= rough) ?? p * 10;
}

/**
 * Draws the lanes of the window [v0, v1]: per lane, approvals waiting as a band, requests as bars from sent to
 * answered, and notifications, progress and questions as ticks. Each pixel column is drawn once per kind however many
 * events fall in it, so a window of 100,000 events costs a walk of typed arrays, not 100,000 rectangles.
 */
function draw(ctx: CanvasRenderingContext2D, model: TimelineModel, v0: number, v1: number, w: number, c: Colors) {
  const h = AXIS_H + model.lanes.length * LANE_H;
  ctx.clearRect(0, 0, w, h);
  const plot = w - LABEL_W;
  const x = (t: number) => LABEL_W + ((t - v0) / (v1 - v0)) * plot;
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = c.muted;
  ctx.strokeStyle = c.border;
  const step = axisStep(v1 - v0, plot);
  for (let t = Math.ceil((v0 - model.start) / step) * step + model.start; t <= v1; t += step) {
    const px = Math.round(x(t)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(px, AXIS_H - 6);
    ctx.lineTo(px, h);
    ctx.stroke();
    ctx.fillText(spanText(t - model.start), px + 3, 12);
  }
  model.lanes.forEach((lane, i) => {
    const y = AXIS_H + i * LANE_H;
    ctx.fillStyle = c.fg;
    ctx.fillText(lane.serverId.length > 20 ? lane.serverId.slice(0, 19) + '…' : lane.serverId, 6, y + 26);
    ctx.strokeStyle = c.border;
    ctx.beginPath();
    ctx.moveTo(0, y + LANE_H - 0.5);
    ctx.lineTo(w, y + LANE_H - 0.5);
    ctx.stroke();
    ctx.save();
    ctx.beginPath();
    ctx.rect(LABEL_W, y, plot, LANE_H);
    ctx.clip();
    drawLane(ctx, lane, v0, v1, x, y, c);
    ctx.restore();
  });
}

function drawLane(
  ctx: CanvasRenderingContext2D,
  lane: Lane,
  v0: number,
  v1: number,
  x: (t: number) => number,
  y: number,
  c: Colors,
) {
  ctx.fillStyle = c.warn;
  for (let i = 0; i < lane.waitStart.length; i++) {
    if (lane.waitEnd[i]! < v0 || lane.waitStart[i]! > v1) continue;
    const a = x(lane.waitStart[i]!);
    ctx.fillRect(a, y + 3, Math.max(2, x(lane.waitEnd[i]!) - a), 5);
  }
  // Bars: those that began before the window's end; one rectangle per pixel column and kind.
  const last = firstAtLeast(lane.barStart, v1 + 1e-9);
  const drawn = [-1, -1, -1];
  const fills = [c.ok, c.bad, c.accent];
  let fill = -1;
  for (let i = 0; i < last; i++) {
    const e = lane.barEnd[i]!;
    if (e < v0) continue;
    const k = lane.barKind[i]!;
    const a = Math.floor(x(lane.barStart[i]!));
    const b = Math.max(a + 1, Math.ceil(x(e)));
    if (b <= drawn[k]!) continue;
    // The colour is set only when the kind changes: a canvas parses it on every assignment.
    if (k !== fill) ctx.fillStyle = fills[(fill = k)]!;
    ctx.fillRect(Math.max(a, drawn[k]!), y + 11, b - Math.max(a, drawn[k]!), 16);
    drawn[k] = b;
  }
  const from = firstAtLeast(lane.tickAt, v0);
  const to = firstAtLeast(lane.tickAt, v1 + 1e-9);
  // Notifications grey, progress in the text's colour (blue is for requests not answered), questions amber.
  const tickFill = [c.muted, c.fg, c.warn, c.bad, c.border];
  const lastTick = [-1, -1, -1, -1, -1];
  fill = -1;
  for (let i = from; i < to; i++) {
    const k = lane.tickKind[i]!;
    const px = Math.floor(x(lane.tickAt[i]!));
    if (px === lastTick[k]) continue;
    lastTick[k] = px;
    if (k !== fill) ctx.fillStyle = tickFill[(fill = k)]!;
    if (k === TICK.question) ctx.fillRect(px - 2, y + 29, 5, 12);
    else ctx.fillRect(px, y + 30, 1, 10);
  }
}

/** The window shown and how it moves: kept in a ref (a wheel turn redraws without rendering), drawn once a frame. */
function useTimelineView(canvas: React.RefObject<HTMLCanvasElement | null>, model: TimelineModel, width: number) {
  const view = useRef({ v0: model.start, v1: model.end });
  const [shown, setShown] = useState({ v0: model.start, v1: model.end });
  const frame = useRef(0);
  const drawnCount = useRef(0);
  const redraw = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = canvas.current;
      const ctx = el?.getContext('2d');
      if (!el || !ctx) return;
      const colors: Colors = {
        fg: css(el, '--fg', '#222'),
        muted: css(el, '--muted', '#888'),
        border: css(el, '--border', '#ccc'),
        ok: css(el, '--ok', '#2a7'),
        bad: css(el, '--bad', '#c33'),
        warn: css(el, '--warn', '#c80'),
        accent: css(el, '--accent', '#36c'),
      };
      const ratio = window.devicePixelRatio || 1;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      draw(ctx, model, view.current.v0, view.current.v1, width, colors);
      el.dataset.drawn = String(++drawnCount.current);
      setShown({ ...view.current });
    });
  }, [canvas, model, width]);
  // A new model shows whole; a new width (or model) is drawn again.
  useEffect(() => {
    view.current = { v0: model.start, v1: model.end };
  }, [model]);
  useEffect(() => redraw(), [redraw]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const setView = useCallback(
    (v0: number, v1: number) => {
      const whole = model.end - model.start;
      const span = Math.min(Math.max(MIN_SPAN, v1 - v0), whole * 1.1 + MIN_SPAN);
      const a = Math.min(Math.max(v0, model.start - whole * 0.05), model.end + whole * 0.05 - span);
      view.current = { v0: a, v1: a + span };
      redraw();
    },
    [model, redraw],
  );
  /** Zooms by `factor` around the point `at` of the window (0 its start, 1 its end). */
  const zoom = useCallback(
    (factor: number, at = 0.5) => {
      const { v0, v1 } = view.current;
      const t = v0 + (v1 - v0) * at;
      setView(t - (t - v0) * factor, t + (v1 - t) * factor);
    },
    [setView],
  );
  useWheel(canvas, view, setView, zoom);
  return { view, shown, setView, zoom };
}

/** The wheel zooms around the pointer; sideways (or with Shift) it moves the window. */
function useWheel(
  canvas: React.RefObject<HTMLCanvasElement | null>,
  view: React.RefObject<{ v0: number; v1: number }>,
  setView: (v0: number, v1: number) => void,
  zoom: (factor: number, at: number) => void,
) {
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { v0, v1 } = view.current;
      const plot = el.clientWidth - LABEL_W;
      if (Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey) {
        const d = ((e.shiftKey ? e.deltaY : e.deltaX) / plot) * (v1 - v0);
        setView(v0 + d, v1 + d);
      } else zoom(Math.exp(e.deltaY * 0.002), Math.min(1, Math.max(0, (e.offsetX - LABEL_W) / plot)));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [canvas, view, setView, zoom]);
}

/** Dragging moves the window; a click that did not drag opens the event under it. */
function usePointer(
  model: TimelineModel,
  view: React.RefObject<{ v0: number; v1: number }>,
  setView: (v0: number, v1: number) => void,
  onSelect: (seq: number) => void,
) {
  const drag = useRef<{ x: number; v0: number; v1: number; moved: boolean } | null>(null);
  return {
    onPointerDown: (e: React.PointerEvent<HTMLCanvasElement>) => {
      drag.current = { x: e.clientX, ...view.current, moved: false };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: React.PointerEvent<HTMLCanvasElement>) => {
      const d = drag.current;
      if (!d) return;
      const dx = e.clientX - d.x;
      if (Math.abs(dx) > 3) d.moved = true;
      if (!d.moved) return;
      const shift = (-dx / (e.currentTarget.clientWidth - LABEL_W)) * (d.v1 - d.v0);
      setView(d.v0 + shift, d.v1 + shift);
    },
    onPointerUp: (e: React.PointerEvent<HTMLCanvasElement>) => {
      const d = drag.current;
      drag.current = null;
      if (!d || d.moved) return;
      const rect = e.currentTarget.getBoundingClientRect();
      const px = e.clientX - rect.left;
      const lane = model.lanes[Math.floor((e.clientY - rect.top - AXIS_H) / LANE_H)];
      if (!lane || px < LABEL_W) return;
      const { v0, v1 } = view.current;
      const per = (v1 - v0) / (rect.width - LABEL_W);
      const seq = eventAt(lane, v0 + (px - LABEL_W) * per, per * 4);
      if (seq !== undefined) onSelect(seq);
    },
  };
}

/** The canvas's width: its pane's. */
function usePaneWidth(canvas: React.RefObject<HTMLCanvasElement | null>): number {
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = canvas.current?.parentElement;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(LABEL_W + 100, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [canvas]);
  return width;
}

/**
 * The trace as a timeline: a lane per server, zoomed with the wheel (around the pointer) or the buttons, moved by
 * dragging or scrolling sideways; a click opens the message under it.
 */
export function TraceTimeline({ model, onSelect }: { model: TimelineModel; onSelect: (seq: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = usePaneWidth(canvas);
  const { view, shown, setView, zoom } = useTimelineView(canvas, model, width);
  const pointer = usePointer(model, view, setView, onSelect);
  const height = AXIS_H + model.lanes.length * LANE_H;
  const ratio = window.devicePixelRatio || 1;
  const lanes = `${model.lanes.length} ${model.lanes.length === 1 ? 'server' : 'servers'}`;
  return (
    <div
      className="trace-timeline"
      data-testid="trace-timeline"
      data-events={model.events}
      data-lanes={model.lanes.length}
    >
      <div className="row gap small">
        <button onClick={() => zoom(0.5)} data-testid="trace-timeline-zoom-in" aria-label="Zoom in">
          +
        </button>
        <button onClick={() => zoom(2)} data-testid="trace-timeline-zoom-out" aria-label="Zoom out">
          −
        </button>
        <button onClick={() => setView(model.start, model.end)} data-testid="trace-timeline-fit">
          Whole
        </button>
        <span className="muted" data-testid="trace-timeline-window">
          {spanText(shown.v0 - model.start)} – {spanText(shown.v1 - model.start)} of {spanText(model.end - model.start)}{' '}
          · {count(model.events)} events · {lanes}
        </span>
        <span className="muted timeline-key">
          <i className="key-answered" /> answered <i className="key-error" /> error <i className="key-open" />{' '}
          unanswered <i className="key-wait" /> waiting for a person · ticks: notifications, progress, questions
        </span>
      </div>
      <div className="trace-timeline-canvas">
        <canvas
          ref={canvas}
          width={Math.round(width * ratio)}
          height={Math.round(height * ratio)}
          style={{ width, height }}
          {...pointer}
          role="img"
          aria-label={`Timeline of ${lanes}, ${model.events} events; a click opens a message`}
          data-testid="trace-timeline-canvas"
        />
      </div>
    </div>
  );
}
