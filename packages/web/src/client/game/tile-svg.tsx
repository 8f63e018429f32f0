/** @jsxImportSource hono/jsx/dom */
import { PIP_COLOURS, pips } from '../../board/pips';

/** The pips of one half, centred on (cx, cy). */
function Half({ value, cx, cy }: { value: number; cx: number; cy: number }) {
  const { at, r } = pips(value);
  return (
    <g fill={PIP_COLOURS[value] ?? '#222'}>
      {at.map((p) => (
        <circle cx={cx + p.x * 0.92} cy={cy + p.y * 0.92} r={r} />
      ))}
    </g>
  );
}

/**
 * A domino drawn in its own frame, centred on 0: lengthwise (2 by 1, `near` on the left) or across
 * (1 by 2, `near` on top). The caller turns and moves it into place.
 */
export function TileFace({ near, far, across }: { near: number; far: number; across: boolean }) {
  const w = across ? 1 : 2;
  const h = across ? 2 : 1;
  return (
    <>
      <rect class="face" x={-w / 2 + 0.03} y={-h / 2 + 0.03} width={w - 0.06} height={h - 0.06} rx={0.14} />
      {across ? (
        <line class="divider" x1={-0.36} y1={0} x2={0.36} y2={0} />
      ) : (
        <line class="divider" x1={0} y1={-0.36} x2={0} y2={0.36} />
      )}
      <Half value={near} cx={across ? 0 : -0.5} cy={across ? -0.5 : 0} />
      <Half value={far} cx={across ? 0 : 0.5} cy={across ? 0.5 : 0} />
    </>
  );
}

/** A tile of the hand: standing up, the higher half on top, in an SVG of its own. */
export function HandTile({ tile }: { tile: string }) {
  const [a = 0, b = 0] = tile.split('-').map(Number);
  return (
    <svg class="hand-tile" viewBox="-0.5 -1 1 2" aria-hidden="true" focusable="false">
      <TileFace near={a} far={b} across={true} />
    </svg>
  );
}
