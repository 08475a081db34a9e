import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

// Two pages stand in for the two ways a lazily loaded page can fail: its chunk does not arrive (the network
// dropped, or a new release replaced it), or its code throws once it is there.
vi.mock('./terms-page.tsx', () => {
  throw new TypeError('NetworkError when attempting to fetch resource.');
});
vi.mock('./privacy-page.tsx', () => ({
  PrivacyPage: () => {
    throw new Error('the privacy page broke');
  },
}));

describe('a page that fails', () => {
  // React reports every error a boundary catches.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('whose code cannot be fetched says so and offers a reload, under the page\'s own title', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Reload to get the current version.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Terms of Service · CivicWatch'));
  });

  it('that throws keeps the router\'s own error display', async () => {
    renderApp('/privacy');
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).not.toBeInTheDocument();
  });
});
