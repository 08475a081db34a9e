import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/server.ts';

const UNSUBSCRIBED = 'You have been unsubscribed from CivicWatch e-mails.';

/** Answers GET /api/unsubscribe with `answer`, recording the tokens asked for. */
const answerUnsubscribe = (answer: () => Response | Promise<Response>) => {
  const tokens: Array<string | null> = [];
  server.use(http.get('/api/unsubscribe', async ({ request }) => {
    tokens.push(new URL(request.url).searchParams.get('token'));
    return answer();
  }));
  return tokens;
};

const expectTheNotes = () => {
  expect(screen.getByText(/still receive essential account notifications/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'account settings' })).toHaveAttribute('href', '/account');
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/home');
};

describe('/unsubscribe', () => {
  it('unsubscribes with the link\'s token: loading, then Unsubscribed Successfully with the server\'s message', async () => {
    const tokens = answerUnsubscribe(async () => {
      await delay(150);
      return HttpResponse.json({ message: UNSUBSCRIBED });
    });
    renderApp('/unsubscribe?token=dXNlcg.c2lnbmF0dXJl-_x');

    expect(await screen.findByRole('heading', { name: 'Unsubscribing...' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Unsubscribed Successfully' })).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIBED)).toBeInTheDocument();
    expectTheNotes();
    expect(tokens).toEqual(['dXNlcg.c2lnbmF0dXJl-_x']);
  });

  it.each(['/unsubscribe', '/unsubscribe?token=', '/unsubscribe?token=%20'])('says Invalid unsubscribe link at %s, and asks the server nothing', async (path) => {
    const tokens = answerUnsubscribe(() => HttpResponse.json({ message: UNSUBSCRIBED }));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Unsubscribe Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid unsubscribe link');
    expectTheNotes();
    expect(tokens).toEqual([]);
  });

  it('shows the server\'s message when it refuses the link', async () => {
    answerUnsubscribe(() => HttpResponse.json({ code: 'validation.invalid', message: 'Invalid unsubscribe link' }, { status: 400 }));
    renderApp('/unsubscribe?token=forged');
    expect(await screen.findByRole('heading', { name: 'Unsubscribe Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid unsubscribe link');
  });

  it('says Failed to process unsubscribe request. when the server gives no message of its own', async () => {
    answerUnsubscribe(() => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }));
    renderApp('/unsubscribe?token=abc');
    expect(await screen.findByRole('heading', { name: 'Unsubscribe Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to process unsubscribe request.');
  });

  it('reads an answer without a message as a failure', async () => {
    answerUnsubscribe(() => HttpResponse.json({}));
    renderApp('/unsubscribe?token=abc');
    expect(await screen.findByRole('heading', { name: 'Unsubscribe Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to process unsubscribe request.');
    expect(screen.queryByRole('heading', { name: 'Unsubscribed Successfully' })).not.toBeInTheDocument();
  });
});
