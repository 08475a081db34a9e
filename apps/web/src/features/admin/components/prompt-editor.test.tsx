import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { serveAdminApi } from '../../../test/admin-api.ts';
import { unauthorized } from '../../../test/builders.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

async function openEditor() {
  const api = serveAdminApi();
  const rendered = renderApp('/admin');
  const free = await screen.findByLabelText('Free User Prompt');
  return { ...rendered, api, free, paid: screen.getByLabelText('Paid User Prompt'), summary: screen.getByLabelText('Summary Prompt') };
}

describe('AI prompt editor', () => {
  it('shows the three prompts and saves them with one POST each', async () => {
    const { api, user, free, paid, summary } = await openEditor();
    expect(free).toHaveValue('Free prompt');
    expect(paid).toHaveValue('Paid prompt for {{STATE}}, {{COUNTRY}}');
    expect(summary).toHaveValue('Summary prompt');

    await user.clear(free);
    await user.type(free, 'Explain the document plainly.');
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));

    expect(await screen.findByText('Prompts Updated')).toBeInTheDocument();
    expect(screen.getByText('AI analysis prompts have been updated successfully.')).toBeInTheDocument();
    const posts = api.callsTo('POST', '/api/admin/settings').map((call) => call.body);
    expect(posts).toHaveLength(3);
    expect(posts).toEqual(
      expect.arrayContaining([
        { key: 'free_user_prompt', value: 'Explain the document plainly.' },
        { key: 'paid_user_prompt', value: 'Paid prompt for {{STATE}}, {{COUNTRY}}' },
        { key: 'summary_prompt', value: 'Summary prompt' },
      ]),
    );
  });

  it("shows the server's reason when it refuses the paid prompt, and saves none of them", async () => {
    const { api, user, paid } = await openEditor();
    const posted: unknown[] = [];
    server.use(
      http.post('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as { key: string };
        posted.push(body);
        return body.key === 'paid_user_prompt'
          ? HttpResponse.json({ code: 'validation.invalid', message: 'The paid prompt must contain {{STATE}} and {{COUNTRY}}' }, { status: 400 })
          : HttpResponse.json(body);
      }),
    );
    await user.clear(paid);
    await user.type(paid, 'No placeholders here');
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));

    expect(await screen.findByText('Failed to update prompts')).toBeInTheDocument();
    expect(screen.getByText('The paid prompt must contain {{STATE}} and {{COUNTRY}}')).toBeInTheDocument();
    expect(posted).toEqual([{ key: 'paid_user_prompt', value: 'No placeholders here' }]);
    expect(api.callsTo('POST', '/api/admin/settings')).toHaveLength(0);
  });

  it('says Failed to update prompts. Please try again. for any other failure', async () => {
    const { user } = await openEditor();
    server.use(http.post('/api/admin/settings', () => new HttpResponse('boom', { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));

    expect(await screen.findByText('Failed to update prompts. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('toasts Access Denied on a 401 and goes to /login', async () => {
    const { app, user } = await openEditor();
    server.use(http.post('/api/admin/settings', () => HttpResponse.json(unauthorized, { status: 401 })));
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('refuses an empty prompt beside its field without calling the server', async () => {
    const { api, user, summary } = await openEditor();
    await user.clear(summary);
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));

    expect(await screen.findByText('A prompt cannot be empty')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/settings')).toHaveLength(0);
  });
});
