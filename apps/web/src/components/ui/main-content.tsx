import { useEffect, useRef, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of every page (WCAG 2.4.1 Bypass Blocks): hidden until focused, it moves focus past the
 * header's navigation to the page's <MainContent>. Focus moves by script so the URL keeps no #main-content
 * and a second use works too; the href is there for a browser without it.
 */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-blue-900 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      Skip to main content
    </a>
  );
}

/**
 * The frame of every page: the skip link first and, when a move to another page has taken the focused
 * element away, focus back at the top of the document, so Tab starts again at the skip link as it does on a
 * fresh load, not somewhere in the page that was left.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  // The resolved location: the new page is on screen, so the element that had focus is gone if it went.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const frame = useRef<HTMLDivElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!document.activeElement || document.activeElement === document.body) frame.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div ref={frame} tabIndex={-1} className="outline-none">
      <SkipLink />
      {children}
    </div>
  );
}

/** A page's <main>, the target of the skip link: focusable by script, not a Tab stop of its own. */
export function MainContent({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('focus:outline-none', className)} {...props} />;
}
