import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const answer = async (secureCookies: boolean, url = '/') => {
  const app = Fastify();
  registerSecurityHeaders(app, { secureCookies });
  app.get('/', async () => ({ ok: true }));
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  return response;
};

describe('security headers', () => {
  it('send the content security policy that lets Stripe\'s script and frames in, and nothing else from afar', async () => {
    const policy = String((await answer(false)).headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy).toContain("img-src 'self' data: blob:");
  });

  it('ask for https (upgraded requests, Strict-Transport-Security) only where the public URL is https', async () => {
    const plain = await answer(false);
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await answer(true);
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('are sent with every answer, the same each time, a 404 included', async () => {
    const first = await answer(false);
    const missing = await answer(false, '/nowhere');
    expect(missing.statusCode).toBe(404);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
      expect(missing.headers[name]).toBe(first.headers[name]);
    }
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });
});
