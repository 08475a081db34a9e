import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToastStore } from '../../lib/toast-store.ts';
import { ToastProvider } from './toaster.tsx';

// The viewport's chunk does not arrive, as after a deploy that replaced it or on a dropped connection.
vi.mock('./toast-viewport.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/toast-viewport-x.js');
});

describe('toasts without their viewport\'s code', () => {
  it('still show their text, and the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const store = createToastStore();
    render(
      <ToastProvider store={store}>
        <h1>Analyze a Document</h1>
      </ToastProvider>,
    );

    act(() => store.show({ title: 'Analysis Complete', description: 'Your document has been analyzed.' }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Analysis Complete');
    expect(toast).toHaveTextContent('Your document has been analyzed.');
    expect(screen.getByRole('heading', { name: 'Analyze a Document' })).toBeInTheDocument();

    act(() => store.show({ title: 'Insufficient Credits', variant: 'destructive' }));
    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(screen.queryByText('Analysis Complete')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
