import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({}, '/srv/civicwatch');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('/srv/civicwatch/data'),
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      trustProxy: false,
      database: { kind: 'embedded', dataDir: path.resolve('/srv/civicwatch/data') },
      rateLimits: { kind: 'database' },
      signInSlowdown: { firstDelayMs: 500, maxDelayMs: 8_000 },
      analyzer: { kind: 'embedded' },
      stripe: null,
      adminEmails: [],
      http: { headersTimeoutMs: 30_000, requestTimeoutMs: 300_000, keepAliveTimeoutMs: 72_000, maxConnections: 2_000 },
      progressStreams: { perUser: 5, perProcess: 500 },
    });
    expect(loadConfig({ PROGRESS_STREAMS_PER_USER: '2', PROGRESS_STREAMS_PER_PROCESS: '40' }).progressStreams).toEqual({ perUser: 2, perProcess: 40 });
  });

  it('takes the HTTP server\'s timeouts and connection cap, refusing a headers timeout longer than the request\'s', () => {
    expect(loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '60000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000', HTTP_MAX_CONNECTIONS: '100',
    }).http).toEqual({ headersTimeoutMs: 5_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 65_000, maxConnections: 100 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '90000', HTTP_REQUEST_TIMEOUT_MS: '60000' }))
      .toThrow(/HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow(/HTTP_MAX_CONNECTIONS/);
  });

  it('switches adapters by configuration', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/civicwatch', SESSION_SECRET: 'x'.repeat(32), OLLAMA_HOST: 'http://ollama:11434',
      PUBLIC_URL: 'https://civicwatch.example/', ADMIN_EMAILS: ' Chief@Example.org , deputy@example.org',
    });
    expect(config.database).toMatchObject({ kind: 'server', url: 'postgres://db/civicwatch' });
    expect(config.analyzer).toMatchObject({ kind: 'ollama', host: 'http://ollama:11434' });
    expect(config.publicUrl).toBe('https://civicwatch.example');
    expect(config.secureCookies).toBe(true);
    expect(config.adminEmails).toEqual(['chief@example.org', 'deputy@example.org']);
  });

  it('reads scans in the languages OCR_LANGUAGES names, first the main one, and chooses them per document without it', () => {
    expect(loadConfig({}).ocrLanguages).toBeUndefined();
    expect(loadConfig({ OCR_LANGUAGES: '' }).ocrLanguages).toBeUndefined();
    expect(loadConfig({ OCR_LANGUAGES: 'fra' }).ocrLanguages).toEqual(['fra']);
    expect(loadConfig({ OCR_LANGUAGES: ' SPA+eng ' }).ocrLanguages).toEqual(['spa', 'eng']);
  });

  it('refuses OCR languages it has no data for, with the ones it has', () => {
    expect(() => loadConfig({ OCR_LANGUAGES: 'deu' }))
      .toThrow('OCR_LANGUAGES names "deu": use languages joined by +, each one of eng, fra, spa (e.g. fra or spa+eng)');
    expect(() => loadConfig({ OCR_LANGUAGES: 'fr,es' })).toThrow(/OCR_LANGUAGES names "fr,es"/);
    expect(() => loadConfig({ OCR_LANGUAGES: 'spa+' })).toThrow(/OCR_LANGUAGES names an empty name/);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+eng' })).toThrow('OCR_LANGUAGES names a language twice');
  });

  it('slows sign-ins down as told, refusing a cap below the first delay', () => {
    expect(loadConfig({ SIGN_IN_DELAY_MS: '20', SIGN_IN_MAX_DELAY_MS: '160' }).signInSlowdown).toEqual({ firstDelayMs: 20, maxDelayMs: 160 });
    expect(() => loadConfig({ SIGN_IN_DELAY_MS: '1000', SIGN_IN_MAX_DELAY_MS: '500' })).toThrow(/SIGN_IN_MAX_DELAY_MS must be at least SIGN_IN_DELAY_MS/);
  });

  it('keeps rate limits in Redis with REDIS_URL, and trusts a proxy as told', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).rateLimits).toEqual({ kind: 'redis', url: 'redis://127.0.0.1:6379/2' });
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false', PUBLIC_URL: 'https://civicwatch.example' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('trusts no proxy unless TRUST_PROXY says so, whatever PUBLIC_URL is: a client reaching the port directly cannot pick its address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://civicwatch.example' }).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://civicwatch.example', TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://civicwatch.example', TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'not-an-email', STRIPE_PUBLISHABLE_KEY: 'sk_live_oops', STRIPE_SECRET_KEY: 'sk_test_1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must start with postgres://');
    expect(problems).toContain('ADMIN_EMAILS has an invalid e-mail: not-an-email');
    expect(problems).toContain('STRIPE_PUBLISHABLE_KEY must start with pk_');
  });

  it('turns payments on with all three Stripe settings, and takes the price ids and another API base', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PATRIOT: 'price_p', STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111', prices: { patriot: 'price_p' },
    });
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('refuses half a Stripe configuration, and ids of the wrong kind', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/go together/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' }))
      .toThrow(/STRIPE_WEBHOOK_SECRET must start with whsec_/);
    expect(() => loadConfig({ STRIPE_PRICE_DEFENDER: 'prod_1' })).toThrow(/STRIPE_PRICE_DEFENDER must be a Stripe Price id/);
  });

  it('requires SESSION_SECRET with a database server', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow(/SESSION_SECRET is required with DATABASE_URL/);
  });
});

describe('loadConfig: e-mail', () => {
  it('keeps e-mail in the outbox without SMTP_URL, and sends through it with a From of the public host', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://mailer:secret@mail.example.org:587', PUBLIC_URL: 'https://civicwatch.example/' }).smtp)
      .toEqual({ url: 'smtp://mailer:secret@mail.example.org:587', from: 'CivicWatch <no-reply@civicwatch.example>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'Watchdog <news@example.org>' }).smtp)
      .toEqual({ url: 'smtps://mail.example.org', from: 'Watchdog <news@example.org>' });
  });

  it('asks for a verified address before checkout only where the verification link can arrive (SMTP_URL)', () => {
    expect(loadConfig({}).verifiedEmailRequired).toBe(false);
    expect(loadConfig({ SMTP_URL: '' }).verifiedEmailRequired).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org' }).verifiedEmailRequired).toBe(true);
  });

  it('refuses an SMTP_URL of another scheme and a MAIL_FROM without an address', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.org' })).toThrow(/SMTP_URL must look like smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'CivicWatch' })).toThrow(/MAIL_FROM must be an address/);
  });
});
