import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { createApp } from '../../../app.tsx';
import { aUser } from '../../../test/builders.ts';
import { server } from '../../../test/server.ts';
import { ChangeEmailForm } from './change-email-form.tsx';

const REQUESTED = 'We have sent a confirmation link to rosa.parks@example.org. Your address changes when you open it; the link works for 24 hours.';

/** The section as account settings shows it, for a signed-in user; answers what was sent. */
async function renderSection(answer: () => Response, user = aUser({ email: 'rosa@example.org', emailVerified: false })) {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.post('/api/account/email', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  const events = userEvent.setup();
  render(
    <QueryClientProvider client={createApp().queryClient}>
      <ChangeEmailForm />
    </QueryClientProvider>,
  );
  const section = screen.getByRole('region', { name: 'E-mail Address' });
  await within(section).findByText('rosa@example.org');
  return { events, sent, section };
}

const fill = async (events: ReturnType<typeof userEvent.setup>, section: HTMLElement, email: string, password: string) => {
  await events.type(within(section).getByLabelText('New E-mail Address'), email);
  await events.type(within(section).getByLabelText('Password'), password);
  await events.click(within(section).getByRole('button', { name: 'Change E-mail' }));
};

describe('ChangeEmailForm', () => {
  it('shows the current address and whether it is verified', async () => {
    const { section } = await renderSection(() => HttpResponse.json({ message: REQUESTED }, { status: 202 }));
    expect(section).toHaveTextContent('Current address: rosa@example.org (not verified yet)');
  });

  it('sends the new address, normalised, with the password, and shows where the link went', async () => {
    const { events, sent, section } = await renderSection(() => HttpResponse.json({ message: REQUESTED }, { status: 202 }));
    await fill(events, section, ' Rosa.Parks@Example.org ', 'liberty1');

    expect(await within(section).findByRole('status')).toHaveTextContent(REQUESTED);
    expect(sent).toEqual([{ newEmail: 'rosa.parks@example.org', password: 'liberty1' }]);
    expect(within(section).getByLabelText('New E-mail Address')).toHaveValue('');
  });

  it('refuses a malformed address before asking the server', async () => {
    const { events, sent, section } = await renderSection(() => HttpResponse.json({ message: REQUESTED }, { status: 202 }));
    await fill(events, section, 'not-an-address', 'liberty1');
    expect(await within(section).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('puts a wrong password on the password field and an address in use on the address field', async () => {
    let answer = () => HttpResponse.json({ code: 'auth.wrong_password', message: 'The password you entered is incorrect.' }, { status: 400 });
    const { events, section } = await renderSection(() => answer());
    await fill(events, section, 'rosa.parks@example.org', 'tyranny1');
    expect(await within(section).findByText('The password you entered is incorrect.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    answer = () => HttpResponse.json({ code: 'auth.email_taken', message: 'An account with this email already exists' }, { status: 409 });
    await events.click(within(section).getByRole('button', { name: 'Change E-mail' }));
    expect(await within(section).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(within(section).getByLabelText('New E-mail Address')).toHaveAttribute('aria-invalid', 'true');
  });
});
