import type { GameController } from './controller';

/** How far a pointer must move before a press on a tile becomes a drag (a shorter one is a click). */
const THRESHOLD = 10;

/**
 * Drag a tile of the hand onto an end of the board: pressing a tile and moving the pointer picks the
 * tile (the ends it fits light up) and carries a copy of it; letting go over an end plays it there,
 * anywhere else puts it back. Clicks and the keyboard do the same without dragging. Nothing starts while
 * a move is on its way.
 * @example button.addEventListener('pointerdown', (e) => dragTile(e, '6-4', game));
 */
export function dragTile(down: PointerEvent, tile: string, game: GameController): void {
  // While a move is on its way a drop would do nothing (as a press does nothing): no drag starts, and the
  // tile's progress cursor says why.
  if (down.button !== 0 || game.store.get().busy) return;
  const source = down.currentTarget as HTMLElement;
  let ghost: HTMLElement | null = null;
  const move = (e: PointerEvent) => {
    if (!ghost) {
      if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < THRESHOLD) return;
      if (game.store.get().selected !== tile) game.select(tile);
      ghost = source.cloneNode(true) as HTMLElement;
      ghost.classList.add('drag-ghost');
      ghost.removeAttribute('aria-pressed');
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
    }
    ghost.style.transform = `translate(${e.clientX - 20}px, ${e.clientY - 38}px)`;
  };
  const up = (e: PointerEvent) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    if (!ghost) return;
    ghost.remove();
    // A click that follows the drag (let go over the tile itself) must not pick it again or put it
    // back; it comes at once if at all, so the guard goes with the next task.
    const swallow = (c: Event) => c.stopImmediatePropagation();
    source.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => source.removeEventListener('click', swallow, { capture: true }));
    const end = e.type === 'pointerup' ? document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-end]') : null;
    const on = end ? Number(end.getAttribute('data-end')) : NaN;
    if (Number.isInteger(on)) void game.play(on);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
}
