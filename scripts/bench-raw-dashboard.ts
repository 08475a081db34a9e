/**
 * The raw floor of `GET /api/dashboard` (issue 19): Fastify and the `pg` driver, nothing else. It answers a
 * signed-in dashboard with the two queries the API sends (the session with its user, then the five newest
 * analyses as lists read them with the two counts) on the database given as JSON in RAW_DATABASE
 * (pg's connection options), with a pool the size of the API's default. No session middleware, no container,
 * no unit of work, no response schema: the cookie's session id is taken as it comes, unsigned.
 * Prints its port once listening. Started by scripts/bench-api.ts in a process of its own.
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';

/** What this uses of `pg`, which ships no types (MikroORM drives it for the API). */
interface Pool {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}
const pg = createRequire(import.meta.url)('pg') as { Pool: new (config: Record<string, unknown>) => Pool };

interface SessionRow {
  id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  state: string | null;
  country: string;
  tier_id: string;
  credits: number;
  role: string;
  email_product_updates: boolean;
  email_analysis_notices: boolean;
  email_receipts: boolean;
  email_verified_at: Date | null;
  created_at: Date;
}

interface OverviewRow {
  total: number;
  total_since: number;
  id: string | null;
  created_at: Date;
  analysis_type: string;
  title: string;
  document_type: string;
  summary: string | null;
}

const pool = new pg.Pool({ ...(JSON.parse(process.env.RAW_DATABASE ?? '{}') as Record<string, unknown>), max: 10 });
const app = Fastify();

const SESSION_WITH_USER = `select s.data as session_data, u.* from sessions s
  left join users u on u.id = case when s.data->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (s.data->>'userId')::uuid end
  where s.sid = $1 and s.expires_at > $2`;
const OVERVIEW = `select c.total, c.total_since, a.* from
  (select count(*)::int as total, (count(*) filter (where created_at >= $2))::int as total_since from analyses where user_id = $1) c
  left join lateral (select id, user_id, created_at, analysis_type, title, document_type, share_token, shared_at, summary_start as summary
    from analyses where user_id = $1 order by created_at desc, id desc limit 5) a on true`;

const sessionId = (cookie: string | undefined): string | null => {
  const value = /(?:^|;\s*)civicwatch\.sid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!value) return null;
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf('.'));
};

app.get('/api/dashboard', async (request, reply) => {
  const sid = sessionId(request.headers.cookie);
  const [session] = sid ? (await pool.query<SessionRow>(SESSION_WITH_USER, [sid, new Date()])).rows : [];
  if (!session?.id) return reply.code(401).send({ code: 'auth.unauthorized', message: 'Unauthorized' });
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { rows } = await pool.query<OverviewRow>(OVERVIEW, [session.id, monthStart]);
  return {
    user: {
      id: session.id, email: session.email, firstName: session.first_name, lastName: session.last_name, state: session.state,
      country: session.country, subscriptionTier: session.tier_id, tier: session.tier_id, credits: session.credits, role: session.role,
      isAdmin: session.role === 'admin', emailVerified: session.email_verified_at !== null, createdAt: session.created_at.toISOString(),
      emailPreferences: { productUpdates: session.email_product_updates, analysisNotices: session.email_analysis_notices, receipts: session.email_receipts },
    },
    analyses: rows.filter((row) => row.id !== null).map((row) => ({
      id: row.id, createdAt: row.created_at.toISOString(), analysisType: row.analysis_type,
      document: { title: row.title, type: row.document_type }, result: { summary: row.summary ?? '' }, shareUrl: null,
    })),
    stats: { totalAnalyses: rows[0]?.total ?? 0, thisMonthAnalyses: rows[0]?.total_since ?? 0 },
  };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : address);
