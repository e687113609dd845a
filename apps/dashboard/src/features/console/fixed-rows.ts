/**
 * Which rows of a fixed-height list are in view: plain arithmetic, so the cost of a frame does not
 * grow with the number of lines kept (a measuring virtualizer rebuilds its measurements for every
 * row whenever rows are appended — at 100,000 lines, every frame).
 */
export interface RowWindow {
  /** First row to draw (inclusive) and the row after the last one. */
  start: number;
  end: number;
  /** Height of the whole list with its padding. */
  total: number;
}

export interface RowGeometry {
  rowHeight: number;
  /** Empty space above the first row and below the last one. */
  padding: number;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
}

export function totalHeight(count: number, g: RowGeometry): number {
  return count * g.rowHeight + 2 * g.padding;
}

export function rowWindow(count: number, top: number, height: number, g: RowGeometry): RowWindow {
  const total = totalHeight(count, g);
  const first = Math.floor((top - g.padding) / g.rowHeight) - g.overscan;
  const last = Math.ceil((top + height - g.padding) / g.rowHeight) + g.overscan;
  return {
    start: Math.max(0, Math.min(count, first)),
    end: Math.max(0, Math.min(count, last)),
    total,
  };
}

/** The scroll position that shows the end of the list. */
export function bottomTop(count: number, height: number, g: RowGeometry): number {
  return Math.max(0, totalHeight(count, g) - height);
}
