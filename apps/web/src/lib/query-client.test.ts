import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './api-client.ts';
import { createQueryClient, currentUserKey } from './query-client.ts';

function setup(path: string) {
  const handlers = { notifySessionExpired: vi.fn(), goToLogin: vi.fn(), currentPath: () => path };
  const client = createQueryClient(handlers);
  client.setQueryData(currentUserKey, { email: 'ada@example.org' });
  client.setQueryData(['/api/admin/users'], []);
  client.setQueryData(['/api/subscription-tiers'], []);
  return { client, handlers };
}

const failWith = (status: number, body = '{"code":"x","message":"Unauthorized"}') => () =>
  Promise.reject(new HttpError(status, body, ''));

describe('query cache rules (docs/product/screens.md "Common behaviour", "Messages")', () => {
  it('never retries and never goes stale', () => {
    const { client } = setup('/');
    const defaults = client.getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, gcTime: 300_000, retry: false, refetchOnWindowFocus: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('a 401 clears the current user and the admin data, but no other data', async () => {
    const { client, handlers } = setup('/');
    await client.fetchQuery({ queryKey: ['/api/dashboard'], queryFn: failWith(401) }).catch(() => undefined);

    expect(client.getQueryData(currentUserKey)).toBeNull();
    expect(client.getQueryData(['/api/admin/users'])).toBeUndefined();
    expect(client.getQueryData(['/api/subscription-tiers'])).toEqual([]);
    expect(handlers.goToLogin).not.toHaveBeenCalled();
  });

  it.each(['/admin', '/profile/settings'])('a 403 on %s sends the user to /login', async (path) => {
    const { client, handlers } = setup(path);
    await client
      .getMutationCache()
      .build(client, { mutationFn: failWith(403, '{"code":"auth.forbidden","message":"Forbidden"}') })
      .execute(undefined)
      .catch(() => undefined);

    expect(handlers.goToLogin).toHaveBeenCalledOnce();
    expect(client.getQueryData(['/api/admin/users'])).toBeUndefined();
    expect(client.getQueryState(currentUserKey)?.isInvalidated).toBe(true);
  });

  it('other failures leave the session alone', async () => {
    const { client, handlers } = setup('/admin');
    await client.fetchQuery({ queryKey: ['/api/admin/stats'], queryFn: failWith(500, 'boom') }).catch(() => undefined);
    expect(client.getQueryData(currentUserKey)).toEqual({ email: 'ada@example.org' });
    expect(handlers.goToLogin).not.toHaveBeenCalled();
  });
});
