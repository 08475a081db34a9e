import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { createApp } from '../../../app.tsx';
import { server } from '../../../test/server.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** The section as account settings shows it, with the app's query cache; answers what was sent. */
function renderSection(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(http.post('/api/account/password', async ({ request }) => {
    sent.push(await request.json());
    return answer();
  }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createApp().queryClient}>
      <ChangePasswordForm />
    </QueryClientProvider>,
  );
  return { user, sent, section: screen.getByRole('region', { name: 'Password' }) };
}

const fill = async (user: ReturnType<typeof userEvent.setup>, section: HTMLElement, current: string, next: string, confirm = next) => {
  await user.type(within(section).getByLabelText('Current Password'), current);
  await user.type(within(section).getByLabelText('New Password'), next);
  await user.type(within(section).getByLabelText('Confirm New Password'), confirm);
  await user.click(within(section).getByRole('button', { name: 'Change Password' }));
};

describe('ChangePasswordForm', () => {
  it('sends the current and the new password, then says other devices were signed out and clears the form', async () => {
    const { user, sent, section } = renderSection(() => new HttpResponse(null, { status: 204 }));
    await fill(user, section, 'liberty1', 'freedom22');

    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your password has been changed. Any other device signed in to your account has been signed out.');
    expect(sent).toEqual([{ currentPassword: 'liberty1', newPassword: 'freedom22' }]);
    expect(within(section).getByLabelText('Current Password')).toHaveValue('');
  });

  it('checks the new password with the sign-up rules and the confirmation, sending nothing', async () => {
    const { user, sent, section } = renderSection(() => new HttpResponse(null, { status: 204 }));
    await fill(user, section, 'liberty1', 'short');
    expect(await within(section).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('New Password'));
    await user.type(within(section).getByLabelText('New Password'), 'freedom22');
    await user.click(within(section).getByRole('button', { name: 'Change Password' }));
    expect(await within(section).findByText("Passwords don't match")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password on its field, keeping what was typed', async () => {
    const { user, section } = renderSection(() =>
      HttpResponse.json({ code: 'auth.wrong_password', message: 'The password you entered is incorrect.' }, { status: 400 }));
    await fill(user, section, 'tyranny1', 'freedom22');

    const current = within(section).getByLabelText('Current Password');
    expect(await within(section).findByText('The password you entered is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText('New Password')).toHaveValue('freedom22');
  });

  it('says when the change failed for another reason', async () => {
    const { user, section } = renderSection(() => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }));
    await fill(user, section, 'liberty1', 'freedom22');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to change your password. Please try again.');
  });
});
