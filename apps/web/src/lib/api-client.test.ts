import { describe, expect, it, vi } from 'vitest';
import { HttpResponse, delay, http } from 'msw';
import { server } from '../test/server.ts';
import { z } from 'zod';
import { HttpError, RequestTimeoutError, apiRequest, getJsonPage, isSessionExpired, serverMessage } from './api-client.ts';

describe('apiRequest', () => {
  it('sends the session cookie and a JSON body with its content type', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let seen: { contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen = { contentType: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/api/echo', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ contentType: 'application/json', body: { a: 1 } });
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
    fetchSpy.mockRestore();
  });

  it('sends no JSON content type without a body (POST /api/logout answers 204)', async () => {
    let contentType: string | null = 'unset';
    server.use(
      http.post('/api/logout', ({ request }) => {
        contentType = request.headers.get('content-type');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(apiRequest('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
    expect(contentType).toBeNull();
  });

  it('turns a non-OK answer into "status: body text", with the server message available for toasts', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json({ code: 'auth.unauthorized', message: 'Unauthorized' }, { status: 401 })));
    const error = await apiRequest('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('401: {"code":"auth.unauthorized","message":"Unauthorized"}');
    expect(serverMessage(error)).toBe('Unauthorized');
    expect(isSessionExpired(error)).toBe(true);
  });

  it('uses the status text when the body is empty', async () => {
    server.use(http.get('/api/empty', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('/api/empty')).rejects.toThrow('503: Service Unavailable');
  });

  it('gives up after timeoutMs', async () => {
    server.use(
      http.post('/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await expect(apiRequest('/api/slow', { method: 'POST', json: {}, timeoutMs: 20 })).rejects.toBeInstanceOf(RequestTimeoutError);
  });
});

describe('getJsonPage', () => {
  it('reads the whole count of a paged list from X-Total-Count', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json([1, 2], { headers: { 'X-Total-Count': '57' } })));
    await expect(getJsonPage('/api/things', z.array(z.number()))).resolves.toEqual({ items: [1, 2], total: 57 });
  });

  it('takes the list to be whole when the header is missing', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json([1, 2, 3])));
    await expect(getJsonPage('/api/things', z.array(z.number()))).resolves.toEqual({ items: [1, 2, 3], total: 3 });
  });
});
