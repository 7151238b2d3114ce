/**
 * How much of the window the app's fixed bars cover at the top and the bottom (the phone's top bar
 * and bottom bar, the order form's save bar). A dropdown or a scroll target measured against the bare
 * window would end up under them; these say where the usable part of the window is.
 *
 * Bars take part by carrying `data-fixed-edge="top"` or `data-fixed-edge="bottom"`.
 */

export type EdgeRect = { edge: 'top' | 'bottom'; top: number; bottom: number; height: number };
export type Insets = { top: number; bottom: number };

/** The insets from the bars' rectangles: hidden (zero-height) or slid-away bars cover nothing. */
export function insetsFrom(rects: readonly EdgeRect[], viewportHeight: number): Insets {
  let top = 0;
  let bottom = 0;
  for (const r of rects) {
    if (r.height <= 0) continue;
    if (r.edge === 'top') top = Math.max(top, Math.min(viewportHeight, r.bottom));
    else bottom = Math.max(bottom, Math.min(viewportHeight, viewportHeight - r.top));
  }
  return { top: Math.max(0, top), bottom: Math.max(0, bottom) };
}

/** The current insets, measured from the bars in the document. */
export function fixedInsets(viewportHeight: number): Insets {
  const rects: EdgeRect[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('[data-fixed-edge]')) {
    const edge = el.dataset.fixedEdge;
    if (edge !== 'top' && edge !== 'bottom') continue;
    const r = el.getBoundingClientRect();
    rects.push({ edge, top: r.top, bottom: r.bottom, height: r.height });
  }
  return insetsFrom(rects, viewportHeight);
}
