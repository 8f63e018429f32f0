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
