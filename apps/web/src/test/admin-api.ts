import { HttpResponse, http } from 'msw';
import type { AdminTrendsView, OutboxMessageView, PromoCodeView, SubscriptionTierView, UserView } from '@civicwatch/core/contracts/index.ts';
import { aDashboard, aTier, aUser } from './builders.ts';
import { server } from './server.ts';

type AuditEntry = { id: string; actor: string; action: string; target: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; createdAt: string };
type Stats = { totalUsers: number; freeUsers: number; paidUsers: number; admins: number; totalAnalyses: number; creditsSpent: number };
type Prompts = { free_user_prompt: string; paid_user_prompt: string; summary_prompt: string };

export const forbidden = { code: 'auth.forbidden', message: "You don't have admin permissions." };

export function anAdmin(overrides: Partial<UserView> = {}): UserView {
  return aUser({ id: '0d4f7e8a-1c2b-4a3d-9e5f-6a7b8c9d0e1f', email: 'admin@example.org', firstName: 'Grace', lastName: 'Hopper', role: 'admin', isAdmin: true, ...overrides });
}

/** `count` citizens, user1@example.org and on, newest first as the server lists them. */
export function someUsers(count: number): UserView[] {
  return Array.from({ length: count }, (_, i) =>
    aUser({ id: crypto.randomUUID(), email: `user${i + 1}@example.org`, firstName: `User${i + 1}`, lastName: 'Citizen', credits: 1 }),
  );
}

export function aPromo(overrides: Partial<PromoCodeView> = {}): PromoCodeView {
  return {
    id: crypto.randomUUID(),
    code: 'WELCOME10',
    type: 'credits',
    credits: 10,
    discountPercent: 0,
    maxUses: 100,
    currentUses: 3,
    expiresAt: '2099-01-01T00:00:00.000Z',
    isActive: true,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: crypto.randomUUID(),
    actor: 'admin@example.org',
    action: 'user.tier',
    target: 'user1@example.org',
    before: { tier: 'citizen', credits: 1 },
    after: { tier: 'patriot', credits: 5 },
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A welcome e-mail waiting in the outbox, as GET /api/admin/outbox answers it. */
export function anOutboxMessage(overrides: Partial<OutboxMessageView> = {}): OutboxMessageView {
  const createdAt = overrides.createdAt ?? new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    to: 'user1@example.org',
    subject: 'Welcome to CivicWatch',
    kind: 'welcome',
    text: 'Hello User1,\n\nWelcome to CivicWatch.\n\nStop optional e-mails: http://localhost:3000/unsubscribe?token=abc\n',
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt,
    sentAt: null,
    givenUpAt: null,
    ...overrides,
  };
}

type DayFigures = Omit<AdminTrendsView['days'][number], 'day'>;

/** GET /api/admin/stats/trends: the 30 days up to March 16, 2026, zeros but for the days `busy` names. */
export function someTrends(busy: Record<string, Partial<DayFigures>> = {}): AdminTrendsView {
  const last = Date.UTC(2026, 2, 16);
  return {
    currency: 'USD',
    days: Array.from({ length: 30 }, (_, i) => {
      const day = new Date(last - (29 - i) * 86_400_000).toISOString().slice(0, 10);
      return { day, analyses: 0, signUps: 0, revenueCents: 0, ...busy[day] };
    }),
  };
}

export const seededTiers = (): SubscriptionTierView[] => [
  aTier({ id: 'citizen', name: 'Citizen', price: '0', credits: 1, maxPages: 1, maxCharacters: 1_000, features: ['1 free analysis'] }),
  aTier({ id: 'patriot', name: 'Patriot', price: '29', credits: 5, features: ['5 analyses per month', 'State-level analysis'], stripePriceId: 'price_patriot' }),
  aTier({ id: 'defender', name: 'Defender', price: '99', credits: 50, features: ['50 analyses per month'] }),
];

export type AdminApiCall = { method: string; path: string; search: URLSearchParams; body: unknown };

/**
 * The admin API of the server contract, over in-memory data, signed in as `admin`. Records every admin
 * call in order (method, path, query, JSON body); tests override single answers with server.use().
 */
export function serveAdminApi(
  seed: { admin?: UserView; users?: UserView[]; promos?: PromoCodeView[]; prompts?: Prompts; stats?: Partial<Stats>; trends?: AdminTrendsView; tiers?: SubscriptionTierView[]; audit?: AuditEntry[]; outbox?: OutboxMessageView[] } = {},
) {
  const admin = seed.admin ?? anAdmin();
  const state = {
    users: [admin, ...(seed.users ?? someUsers(3))],
    promos: seed.promos ?? [aPromo()],
    prompts: seed.prompts ?? { free_user_prompt: 'Free prompt', paid_user_prompt: 'Paid prompt for {{STATE}}, {{COUNTRY}}', summary_prompt: 'Summary prompt' },
    tiers: seed.tiers ?? seededTiers(),
    audit: seed.audit ?? [anAuditEntry()],
    outbox: seed.outbox ?? [anOutboxMessage()],
  };
  const stats: Stats = { totalUsers: 42, freeUsers: 30, paidUsers: 12, admins: 2, totalAnalyses: 314, creditsSpent: 290, ...seed.stats };
  const trends = seed.trends ?? someTrends();
  const calls: AdminApiCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    calls.push({ method: request.method, path: url.pathname, search: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined });
  };
  const page = <T>(items: T[], search: URLSearchParams) => {
    const number = Number(search.get('page') ?? 1);
    const size = Number(search.get('pageSize') ?? 50);
    return HttpResponse.json(items.slice((number - 1) * size, number * size), { headers: { 'X-Total-Count': String(items.length) } });
  };

  server.use(
    http.get('/api/user', () => HttpResponse.json(admin)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user: admin }))),
    http.all('/api/admin/*', async ({ request }) => {
      await record(request);
      return undefined;
    }),
    http.get('/api/admin/settings', () => HttpResponse.json(Object.entries(state.prompts).map(([key, value]) => ({ key, value })))),
    http.post('/api/admin/settings', async ({ request }) => {
      const { key, value } = (await request.json()) as { key: keyof Prompts; value: string };
      state.prompts[key] = value;
      return HttpResponse.json({ key, value });
    }),
    http.get('/api/admin/users', ({ request }) => {
      const search = new URL(request.url).searchParams;
      const q = (search.get('q') ?? '').toLowerCase();
      const found = state.users.filter((u) => !q || `${u.email} ${u.firstName ?? ''} ${u.lastName ?? ''}`.toLowerCase().includes(q));
      return page(found, search);
    }),
    http.delete('/api/admin/users/:id', ({ params }) => {
      state.users = state.users.filter((u) => u.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/admin/users/:id/verify-email', ({ params }) => {
      const user = state.users.find((u) => u.id === params.id);
      if (!user) return HttpResponse.json({ code: 'user.not_found', message: 'No such user' }, { status: 404 });
      user.emailVerified = true;
      return HttpResponse.json(user);
    }),
    http.post('/api/admin/update-user-tier', async ({ request }) => {
      const { userId, tier, credits } = (await request.json()) as { userId: string; tier: UserView['tier']; credits: number };
      const user = state.users.find((u) => u.id === userId);
      if (!user) return HttpResponse.json({ code: 'user.not_found', message: 'No such user' }, { status: 404 });
      Object.assign(user, { tier, subscriptionTier: tier, credits });
      return HttpResponse.json(user);
    }),
    http.post('/api/admin/refund', async ({ request }) => {
      const { amount } = (await request.json()) as { amount: number };
      return HttpResponse.json({ refundId: 're_123', amount, invoiceId: 'in_123' });
    }),
    http.get('/api/admin/promo-codes', () => HttpResponse.json(state.promos)),
    http.post('/api/admin/promo-codes', async ({ request }) => {
      const body = (await request.json()) as Omit<PromoCodeView, 'id' | 'currentUses' | 'createdAt'>;
      const created = aPromo({ ...body, currentUses: 0 });
      state.promos = [created, ...state.promos];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete('/api/admin/promo-codes/:id', ({ params }) => {
      state.promos = state.promos.filter((p) => p.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/admin/stats', () => HttpResponse.json(stats)),
    http.get('/api/admin/stats/trends', () => HttpResponse.json(trends)),
    http.get('/api/admin/tiers', () => HttpResponse.json(state.tiers)),
    http.patch('/api/admin/tiers/:id', async ({ params, request }) => {
      const changes = (await request.json()) as Partial<SubscriptionTierView> & { price?: number };
      const index = state.tiers.findIndex((t) => t.id === params.id);
      const current = state.tiers[index];
      if (!current) return HttpResponse.json({ code: 'not_found', message: 'No such tier' }, { status: 404 });
      const updated = { ...current, ...changes, price: changes.price === undefined ? current.price : String(changes.price) };
      state.tiers[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.get('/api/admin/audit', ({ request }) => page(state.audit, new URL(request.url).searchParams)),
    http.get('/api/admin/outbox', ({ request }) => page(state.outbox, new URL(request.url).searchParams)),
  );

  return {
    admin,
    state,
    calls,
    /** The recorded calls of one method and path. */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
