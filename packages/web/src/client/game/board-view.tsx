/** @jsxImportSource hono/jsx/dom */
import { memo, useEffect, useState } from 'hono/jsx/dom';
import type { Box } from '../../board/geometry';
import type { BoardLayout, LaidEnd } from '../../board/layout';
import type { GameController } from './controller';
import { TileFace } from './tile-svg';

const MARGIN = 0.7;
/** Pixels per half-tile at most when fitting: a small board is not blown up. */
const MOST = 46;
/** The least a player may zoom out to, for an overview of a big board (its pips too small to count). */
export const OVERVIEW = 5;

const place = (box: Box) => `translate(${box.x.toFixed(3)} ${box.y.toFixed(3)}) rotate(${box.angle.toFixed(2)})`;

/** The size of an element, kept up to date. */
function useSize(element: HTMLElement): { width: number; height: number } {
  const [size, setSize] = useState({ width: element.clientWidth, height: element.clientHeight });
  useEffect(() => {
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The scale that fits the whole board in the box (at most MOST; it may be too small to read). */
export function fitScale(layout: BoardLayout, box: { width: number; height: number }): number {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const w = maxX - minX + 2 * MARGIN;
  const h = maxY - minY + 2 * MARGIN;
  return Math.max(OVERVIEW, Math.min(MOST, (box.width - 4) / w, (box.height - 4) / h));
}

/** The shape of a box for the layout: width over height, in steps of a quarter (a small resize keeps the board). */
export function aspectOf(box: { width: number; height: number }): number {
  if (box.width <= 0 || box.height <= 0) return 1;
  return Math.min(2.5, Math.max(0.5, Math.round((4 * box.width) / box.height) / 4));
}

/** What part of the table the SVG shows (its viewBox) and at what size, in pixels. */
interface Frame {
  readonly viewBox: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Fitted, the SVG fills its box and the root stays in the middle at the largest scale for as long as
 * the board fits around it, so a tile played moves no other on the screen; a board too big for that
 * is fitted as a whole (centred on itself), and one too big even at `least` (the least scale whose
 * pips can be counted) is drawn at that scale, to pan. Zoomed, the SVG is the board at that scale, to pan.
 */
function frameOf(
  layout: BoardLayout,
  box: { width: number; height: number },
  zoom: number | null,
  least: number,
): Frame {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const w = maxX - minX + 2 * MARGIN;
  const h = maxY - minY + 2 * MARGIN;
  const whole = (scale: number): Frame => ({
    viewBox: `${(minX - MARGIN).toFixed(2)} ${(minY - MARGIN).toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`,
    width: Math.round(w * scale),
    height: Math.round(h * scale),
  });
  if (zoom !== null) return whole(zoom);
  const width = Math.max(0, box.width - 4);
  const height = Math.max(0, box.height - 4);
  const around = (cx: number, cy: number, scale: number): Frame => ({
    viewBox: [cx - width / 2 / scale, cy - height / 2 / scale, width / scale, height / scale]
      .map((n) => n.toFixed(3))
      .join(' '),
    width,
    height,
  });
  const reachX = Math.max(-minX, maxX) + MARGIN;
  const reachY = Math.max(-minY, maxY) + MARGIN;
  if (width / (2 * reachX) >= MOST && height / (2 * reachY) >= MOST) return around(0, 0, MOST);
  const scale = fitScale(layout, box);
  if (scale < least) return whole(least);
  return around((minX + maxX) / 2, (minY + maxY) / 2, scale);
}

interface EndProps {
  readonly end: LaidEnd;
  readonly selected: string | null;
  readonly fits: boolean;
  /** The end that keeps the board's place for the keyboard: the one Tab reaches (arrows move it). */
  readonly stop: boolean;
  /** A move is on its way: a press would do nothing, so the ends say they wait, as the hand's tiles do. */
  readonly busy: boolean;
  readonly onPlay: (on: number) => void;
}

/** Arrow keys move among the ends that are buttons (wrapping); Escape goes back to the hand. */
function endKeys(e: KeyboardEvent, onPlay: (on: number) => void, on: number): void {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    return onPlay(on);
  }
  if (e.key === 'Escape') {
    document.querySelector<HTMLElement>('.hand [tabindex="0"]')?.focus();
    return;
  }
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
  if (step === undefined) return;
  e.preventDefault();
  const ends = [...document.querySelectorAll<SVGElement>('svg.table g.end[role=button]')];
  const at = ends.indexOf(e.currentTarget as SVGElement);
  ends[(at + step + ends.length) % ends.length]?.focus();
}

/**
 * An open end: where the next tile would lie. With a tile picked, a button to play it there; the ends
 * are one stop for Tab (the first the tile fits), the arrows move among them.
 */
function End({ end, selected, fits, stop, busy, onPlay }: EndProps) {
  const active = selected !== null;
  const label = active
    ? `Play ${selected} on ${end.label}${fits ? '' : ' (it does not fit there)'}`
    : `Open end: ${end.label}`;
  return (
    <g
      class={`end${fits ? ' fits' : ''}${active ? ' active' : ''}`}
      data-end={end.on}
      role={active ? 'button' : 'img'}
      tabindex={active ? (stop ? 0 : -1) : undefined}
      aria-label={label}
      aria-disabled={active && busy ? 'true' : undefined}
      onClick={active ? () => onPlay(end.on) : undefined}
      onKeyDown={active ? (e: KeyboardEvent) => endKeys(e, onPlay, end.on) : undefined}
    >
      <rect class="ghost" transform={place(end.box)} x={-1} y={-0.5} width={2} height={1} rx={0.14} />
      <text class="suit" x={end.box.x} y={end.box.y} dy="0.35">
        {end.suit}
      </text>
    </g>
  );
}

/** What the board shows besides the layout: the picked tile and where it fits. */
export interface BoardProps {
  readonly layout: BoardLayout | null;
  readonly container: HTMLElement;
  readonly zoom: number | null;
  readonly selected: string | null;
  readonly fits: ReadonlySet<number>;
  /** The least pixels per half-tile whose pips can be counted (`readableScale` of the set). */
  readonly least: number;
  /** Whose `play` an end calls (the game page's controller; a replay plays nothing). */
  readonly game: Pick<GameController, 'play'>;
  /** A move is on its way (the controller's `busy`); a replay is never busy. */
  readonly busy?: boolean;
}

/**
 * Scrolls the board's box, when it pans, just enough to show the newest tile (or the root) and, with
 * a tile picked, the first end it fits: where the game is going on is always in view.
 */
function keepInView(container: HTMLElement): void {
  if (container.scrollWidth <= container.clientWidth && container.scrollHeight <= container.clientHeight) return;
  const box = container.getBoundingClientRect();
  const pad = 16;
  const targets = ['g.end.fits', 'g.tile.newest', 'g.tile.root'].map((s) => container.querySelector(s));
  const target = targets.find((t) => t !== null);
  if (!target) return;
  const r = target.getBoundingClientRect();
  if (r.left < box.left + pad) container.scrollLeft -= box.left + pad - r.left;
  else if (r.right > box.right - pad) container.scrollLeft += r.right - box.right + pad;
  if (r.top < box.top + pad) container.scrollTop -= box.top + pad - r.top;
  else if (r.bottom > box.bottom - pad) container.scrollTop += r.bottom - box.bottom + pad;
}

/**
 * The table as an SVG: every tile where the layout put it, with its pips and its name, the open ends
 * as dashed outlines (highlighted where the picked tile fits), links where a line had to jump. Sized
 * in pixels (fitted, or zoomed), inside a box that scrolls to pan.
 */
export const BoardView = memo(function BoardView(props: BoardProps) {
  const { layout, container, zoom, selected, fits, least, game, busy = false } = props;
  const size = useSize(container);
  const onPlay = (on: number) => void game.play(on);
  const frame = layout ? frameOf(layout, size, zoom, least) : null;
  useEffect(() => keepInView(container), [layout, selected, frame?.width, frame?.height]);
  if (!layout || !frame) return <p class="muted board-empty">The board is empty until the game starts.</p>;
  const newest = layout.tiles.reduce((m, t) => Math.max(m, t.id), 0);
  const stop = (layout.ends.find((e) => fits.has(e.on)) ?? layout.ends[0])?.on;
  return (
    <svg
      class="table"
      viewBox={frame.viewBox}
      width={frame.width}
      height={frame.height}
      role="group"
      aria-label={`The board: ${layout.tiles.length} tiles, ${layout.ends.length} open ends`}
    >
      {layout.tiles.map((t) =>
        t.link ? <line class="link" x1={t.link.from.x} y1={t.link.from.y} x2={t.link.to.x} y2={t.link.to.y} /> : null,
      )}
      {layout.tiles.map((t) => (
        <g
          key={`tile-${t.id}`}
          class={`tile${t.id === newest && newest > 0 ? ' newest' : ''}${t.hub === 'root' ? ' root' : ''}`}
          data-id={t.id}
          data-on={t.on ?? undefined}
          data-hub={t.hub}
          transform={place(t.box)}
          role="img"
          aria-label={t.label}
        >
          <TileFace near={t.near} far={t.far} across={t.box.hy > t.box.hx} />
        </g>
      ))}
      {layout.ends.map((end) => (
        <End
          key={`end-${end.on}`}
          end={end}
          selected={selected}
          fits={fits.has(end.on)}
          stop={end.on === stop}
          busy={busy}
          onPlay={onPlay}
        />
      ))}
    </svg>
  );
});
