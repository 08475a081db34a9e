import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
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
  });

  it('offers the F8 hotkey on the viewport', () => {
    render(<ToastProvider store={createToastStore()}>{null}</ToastProvider>);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
