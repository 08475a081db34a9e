import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * A page's code could not be fetched: the network dropped, or a new release replaced the chunk the open tab
 * asked for. It keeps the browser's message, by which the router reloads the document once for a missing
 * module (its recovery after a deploy) before the error reaches the route's error page.
 */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';
}

const pages: Array<{ preload?: () => Promise<void> | undefined }> = [];

/**
 * A page as its own chunk, fetched when it first renders or when the router preloads it (a matched route, a
 * hovered link). The router's lazyRouteComponent, with a failed fetch told apart from a page that broke.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the router's own constraint on the module
export function lazyPage<T extends Record<string, any>, TKey extends keyof T & string>(importer: () => Promise<T>, exportName: TKey) {
  const page = lazyRouteComponent(
    () =>
      importer().catch((error: unknown) => {
        throw new PageLoadError(error instanceof Error ? error.message : String(error), { cause: error });
      }),
    exportName,
  );
  pages.push(page);
  return page;
}

/**
 * Fetches the code of every page made so far. For tests, whose waits for what a page shows should not also
 * cover compiling that page's modules on demand, as they did not when every page was in one bundle.
 */
export async function loadEveryPage(): Promise<void> {
  await Promise.all(pages.map((page) => page.preload?.()));
}
