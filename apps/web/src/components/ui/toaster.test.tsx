import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToastStore } from '../../lib/toast-store.ts';
import { ToastProvider } from './toaster.tsx';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the current one', async () => {
    const store = createToastStore();
    render(<ToastProvider store={store}>{null}</ToastProvider>);

    act(() => store.show({ title: 'Profile updated', description: 'Your profile has been updated successfully.' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    act(() => store.show({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }));

    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });

  it('moves the focus to the notifications viewport on F8, before any toast too', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider store={createToastStore()}>
        <button type="button">Analyze</button>
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(screen.queryByRole('region', { name: /F8/ })).not.toBeInTheDocument();

    // user-event knows no F keys; a browser's F8 has this key and code (the code is what Radix matches).
    fireEvent.keyDown(document.activeElement ?? document, { key: 'F8', code: 'F8' });
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
  });
});
