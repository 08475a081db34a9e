import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server.ts';

// The first render of a file pays for module loading; on a busy machine that exceeds the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
