import type { Page } from 'playwright-core';

/** A tile (or open end) as drawn: its name and its four corners on the screen, in pixels. */
export interface Drawn {
  readonly label: string;
  readonly corners: readonly (readonly [number, number])[];
}

/**
 * Every tile face and open end the board draws, by its element's box (`getBBox`) taken to the
 * screen by its transform (`getScreenCTM`): turned tiles stay turned rectangles, not their bounding boxes.
 */
export async function drawnBoxes(page: Page, selector = 'svg.table g.tile rect.face'): Promise<Drawn[]> {
  // Runs in the page (a string: Node's types have no DOM).
  return page.evaluate<Drawn[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((shape) => {
    const matrix = shape.getScreenCTM();
    const b = shape.getBBox();
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
    const owner = shape.closest('[aria-label]');
    return { label: owner ? owner.getAttribute('aria-label') : '?', corners: corners.map((p) => [p.x, p.y]) };
  })`);
}

/** True when two convex shapes overlap by more than `slack` pixels (separating axis theorem). */
function overlap(a: Drawn, b: Drawn, slack: number): boolean {
  for (const shape of [a, b]) {
    for (let i = 0; i < shape.corners.length; i++) {
      const [x1, y1] = shape.corners[i]!;
      const [x2, y2] = shape.corners[(i + 1) % shape.corners.length]!;
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const n = [-(y2 - y1) / length, (x2 - x1) / length] as const;
      const project = (s: Drawn) => s.corners.map(([x, y]) => x * n[0] + y * n[1]);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) - slack <= Math.min(...pb) || Math.max(...pb) - slack <= Math.min(...pa)) return false;
    }
  }
  return true;
}

/** Every pair of shapes that overlap, by name. */
export function overlaps(shapes: readonly Drawn[], others: readonly Drawn[] = shapes, slack = 0): string[] {
  const found: string[] = [];
  for (const [i, a] of shapes.entries()) {
    for (const [j, b] of others.entries()) {
      if (others === shapes && j <= i) continue;
      if (overlap(a, b, slack)) found.push(`${a.label} / ${b.label}`);
    }
  }
  return found;
}

/** The distance from point p to the segment a-b. */
function toSegment(
  [px, py]: readonly [number, number],
  [ax, ay]: readonly [number, number],
  [bx, by]: readonly [number, number],
) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** How far apart two shapes that do not overlap are, in pixels: the least corner-to-edge distance either way. */
export function distance(a: Drawn, b: Drawn): number {
  let least = Infinity;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const p of from.corners) {
      for (let i = 0; i < to.corners.length; i++) {
        least = Math.min(least, toSegment(p, to.corners[i]!, to.corners[(i + 1) % to.corners.length]!));
      }
    }
  }
  return least;
}

/** Every pip the board draws, by its width on the screen in CSS pixels (the smallest first). */
export async function pipSizes(page: Page): Promise<number[]> {
  const sizes = await page.evaluate<number[]>(
    `[...document.querySelectorAll('svg.table g.tile circle')].map((c) => c.getBoundingClientRect().width)`,
  );
  return sizes.sort((a, b) => a - b);
}

/**
 * Each toe (a tile hung on a double other than the root) and its double as drawn, by their faces, with
 * the double's short side in pixels: enough to tell whether the toe lies beside it.
 */
export async function toesAndDoubles(page: Page): Promise<{ toe: Drawn; double: Drawn; side: number }[]> {
  const faces = await drawnBoxes(page);
  const ids = await page.evaluate<{ id: string; on: string | null; hub: string }[]>(
    `[...document.querySelectorAll('svg.table g.tile')].map((g) => ({ id: g.dataset.id, on: g.dataset.on ?? null, hub: g.dataset.hub }))`,
  );
  const byId = new Map(ids.map((t, i) => [t.id, { ...t, face: faces[i]! }]));
  return ids.flatMap((t) => {
    const parent = t.on === null ? undefined : byId.get(t.on);
    if (parent?.hub !== 'double') return [];
    const [p, q, r] = parent.face.corners;
    const side = Math.min(Math.hypot(q![0] - p![0], q![1] - p![1]), Math.hypot(r![0] - q![0], r![1] - q![1]));
    return [{ toe: byId.get(t.id)!.face, double: parent.face, side }];
  });
}

/** What share of the board's box the drawn tiles span (their bounding rectangle), and whether the board pans. */
export async function usedShare(page: Page): Promise<{ share: number; pans: boolean }> {
  return page.evaluate<{ share: number; pans: boolean }>(`(() => {
    const board = document.querySelector('#board');
    const box = board.getBoundingClientRect();
    const rects = [...board.querySelectorAll('g.tile rect.face')].map((r) => r.getBoundingClientRect());
    const w = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
    const h = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
    const pans = board.scrollWidth > board.clientWidth + 1 || board.scrollHeight > board.clientHeight + 1;
    return { share: (w * h) / (box.width * box.height), pans };
  })()`);
}
