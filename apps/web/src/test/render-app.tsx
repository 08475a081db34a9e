import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { App, createApp } from '../app.tsx';

/** The whole web app at `path`, as a user would open it. */
export function renderApp(path: string) {
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }) });
  const user = userEvent.setup();
  render(<App app={app} />);
  return { app, user };
}
