import type { ReactNode } from 'react';

/**
 * A table's own sideways scroll: a table wider than a phone's screen scrolls inside this box, never the page.
 * Positioned, so that what the table hides for screen readers (`sr-only` headers, absolutely positioned) is placed,
 * and clipped, inside it rather than past the screen's edge.
 */
export function TableScroller({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto">{children}</div>;
}
