import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { FixedClock, SequentialIds, plainTextHasher, testMessages, testAccountLinks } from '../testing/fakes.ts';
import { AdminPolicy } from './admin-policy.ts';
import { RegisterUser } from './register-user/register-user.use-case.ts';
import { LogIn } from './log-in/log-in.use-case.ts';
import { GetCurrentUser } from './get-current-user/get-current-user.use-case.ts';
import { UpdateProfile } from './update-profile/update-profile.use-case.ts';
import { GrantAdminRoles } from './grant-admin-roles/grant-admin-roles.use-case.ts';
import { GetDashboard } from '../dashboard/get-dashboard/get-dashboard.use-case.ts';

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
let register: RegisterUser;
const admins = new AdminPolicy(['Chief@CivicWatch.test', 'deputy@civicwatch.test']);

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  register = new RegisterUser(uow, plainTextHasher, clock, new SequentialIds(), testMessages(clock), testAccountLinks(clock));
});

const input = (email = 'rosa@example.org') => registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' });

describe('RegisterUser', () => {
  it('opens a Citizen account with the tier credits granted through the ledger', async () => {
    const result = await register.execute(input());
    expect(result.ok && result.value).toMatchObject({ tierId: 'citizen', credits: 1, role: 'user', country: 'US' });
    const id = result.ok ? result.value.id : '';
    const history = await uow.run(({ ledger }) => ledger.history(id));
    expect(history.map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([['signup_grant', 1, 1]]);
  });

  it('refuses a second account for the same e-mail and leaves the first untouched', async () => {
    await register.execute(input());
    const again = await register.execute(input('ROSA@example.org'));
    expect(again).toEqual({ ok: false, error: { code: 'auth.email_taken', message: 'An account with this email already exists' } });
    const { total } = await uow.run(({ users }) => users.list({ offset: 0, limit: 10 }));
    expect(total).toBe(1);
  });

  it('does not make an address ADMIN_EMAILS names an admin yet: whoever registers it first need not own it', async () => {
    const result = await register.execute(input('chief@civicwatch.test'));
    expect(result.ok && result.value).toMatchObject({ role: 'user', emailVerifiedAt: null });
    expect((await uow.run(({ users }) => users.findByEmail('chief@civicwatch.test')))?.role).toBe('user');
  });
});

describe('LogIn and GetCurrentUser', () => {
  it('signs in with the right password only, with one message for every failure', async () => {
    await register.execute(input());
    const logIn = new LogIn(uow, plainTextHasher);
    expect((await logIn.execute({ email: 'rosa@example.org', password: 'liberty1' })).ok).toBe(true);
    const wrong = await logIn.execute({ email: 'rosa@example.org', password: 'tyranny1' });
    const unknown = await logIn.execute({ email: 'nobody@example.org', password: 'liberty1' });
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({ ok: false, error: { code: 'auth.invalid_credentials', message: 'Invalid credentials' } });
  });

  it('treats a missing or deleted account as signed out', async () => {
    const current = new GetCurrentUser(uow);
    expect(await current.execute(undefined)).toMatchObject({ ok: false, error: { code: 'auth.unauthorized', message: 'Unauthorized' } });
    expect(await current.execute('00000000-0000-4000-8000-000000000099')).toMatchObject({ ok: false });
  });

  it('takes the account a session store read with the session, as it was read, and refuses none or another one', async () => {
    const created = await register.execute(input());
    if (!created.ok) throw new Error('registration failed');
    const current = new GetCurrentUser(uow);
    const asRead = { ...created.value, firstName: 'As read with the session' };
    expect(await current.execute(asRead.id, asRead)).toEqual({ ok: true, value: asRead });
    expect(await current.execute(asRead.id, null)).toMatchObject({ ok: false, error: { code: 'auth.unauthorized' } });
    expect(await current.execute('00000000-0000-4000-8000-000000000099', asRead)).toMatchObject({ ok: false });
    expect(await current.execute(undefined, asRead)).toMatchObject({ ok: false });
  });
});

describe('UpdateProfile', () => {
  const setUp = async () => {
    const created = await register.execute(input());
    if (!created.ok) throw new Error('registration failed');
    return { id: created.value.id, update: new UpdateProfile(uow, clock) };
  };

  it('keeps absent fields, clears emptied ones and upper-cases US state codes', async () => {
    const { id, update } = await setUp();
    await update.execute(id, { lastName: 'Parks', state: 'al' });
    const result = await update.execute(id, { firstName: '' });
    expect(result.ok && result.value).toMatchObject({ firstName: null, lastName: 'Parks', state: 'AL', country: 'US' });
  });

  it('refuses a state outside the fifty in the United States, changing nothing', async () => {
    const { id, update } = await setUp();
    const result = await update.execute(id, { lastName: 'Parks', state: 'Narnia' });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation.invalid' } });
    const user = await uow.run(({ users }) => users.findById(id));
    expect(user).toMatchObject({ lastName: null, state: null });
  });

  it('clears a US state when the country changes, and takes free text abroad', async () => {
    const { id, update } = await setUp();
    await update.execute(id, { state: 'IL' });
    const abroad = await update.execute(id, { country: 'CA' });
    expect(abroad.ok && abroad.value).toMatchObject({ country: 'CA', state: null });
    const moved = await update.execute(id, { state: 'Ontario' });
    expect(moved.ok && moved.value).toMatchObject({ country: 'CA', state: 'Ontario' });
  });
});

describe('GrantAdminRoles', () => {
  const registered = async (email: string) => {
    const result = await register.execute(input(email));
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  const roleOf = async (email: string) => (await uow.run(({ users }) => users.findByEmail(email)))?.role;

  it('promotes the verified accounts ADMIN_EMAILS names, whatever their case, and only those', async () => {
    const deputy = await registered('deputy@civicwatch.test');
    await registered('chief@civicwatch.test');
    const rosa = await registered('rosa@example.org');
    await uow.run(async ({ users }) => {
      await users.markEmailVerified(deputy.id, clock.now());
      await users.markEmailVerified(rosa.id, clock.now());
    });
    expect(await new GrantAdminRoles(uow, admins).execute()).toEqual({ granted: 1, revoked: [] });
    expect(await new GrantAdminRoles(uow, admins).execute()).toEqual({ granted: 0, revoked: [] });
    expect([await roleOf('deputy@civicwatch.test'), await roleOf('chief@civicwatch.test'), await roleOf('rosa@example.org')]).toEqual(['admin', 'user', 'user']);
  });

  it('takes the role from an unverified account ADMIN_EMAILS names that holds it (given at registration by an earlier release)', async () => {
    const squatter = await registered('chief@civicwatch.test');
    const granted = await registered('rosa@example.org');
    await uow.run(async ({ users }) => {
      await users.setRole(squatter.id, 'admin');
      await users.setRole(granted.id, 'admin');
    });
    expect(await new GrantAdminRoles(uow, admins).execute()).toEqual({ granted: 0, revoked: ['chief@civicwatch.test'] });
    // An administrator made by hand is an administrator's decision, whatever the address.
    expect([await roleOf('chief@civicwatch.test'), await roleOf('rosa@example.org')]).toEqual(['user', 'admin']);
  });
});

describe('GetDashboard', () => {
  it('counts analyses in all and in the current UTC month, and lists the five newest', async () => {
    const created = await register.execute(input());
    if (!created.ok) throw new Error('registration failed');
    const userId = created.value.id;
    const dates = ['2026-01-20', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-10', '2026-03-14', '2026-03-15'];
    uow.state.analyses.push(...dates.map((d, i) => ({
      id: `00000000-0000-4000-9000-00000000000${i}`, userId, createdAt: new Date(`${d}T00:00:00Z`),
      analysisType: 'summary' as const, document: { title: `Doc ${i}`, type: 'pdf' }, result: {}, share: null,
    })));
    const dashboard = await new GetDashboard(uow, clock).execute(created.value);
    expect(dashboard.stats).toEqual({ totalAnalyses: 7, thisMonthAnalyses: 5 });
    expect(dashboard.analyses.map((a) => a.document.title)).toEqual(['Doc 6', 'Doc 5', 'Doc 4', 'Doc 3', 'Doc 2']);
  });
});
