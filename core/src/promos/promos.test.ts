import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { createPromoSchema, promoCodeInputSchema } from '../contracts/promo.contract.ts';
import { FixedClock, SequentialIds, plainTextHasher, testMessages, testAccountLinks } from '../testing/fakes.ts';
import { RegisterUser } from '../accounts/register-user/register-user.use-case.ts';
import { CreatePromo } from './create-promo/create-promo.use-case.ts';
import { ValidatePromo } from './validate-promo/validate-promo.use-case.ts';
import { RedeemPromo } from './redeem-promo/redeem-promo.use-case.ts';
import { ListPromos } from './list-promos/list-promos.use-case.ts';
import { DeletePromo } from './delete-promo/delete-promo.use-case.ts';
import { promoMessages } from './promo-code.ts';

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
let ids: SequentialIds;
let create: CreatePromo;
let validate: ValidatePromo;
let redeem: RedeemPromo;

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  ids = new SequentialIds();
  create = new CreatePromo(uow, clock, ids);
  validate = new ValidatePromo(uow, clock);
  redeem = new RedeemPromo(uow, clock);
});

const registerUser = async (email: string) => {
  const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value.id;
};

/**
 * Schema-parsed, so tests create codes exactly as the CLI and the admin panel do. `expiresAt` is set after
 * parsing: the schema checks "in the future" against the real time, the use case against the test's clock.
 */
/** The command line, as `civicwatch promo` acts; the audit log names it. */
const cli = { userId: null, label: 'cli:test' };

const createCode = async ({ expiresAt, ...fields }: Record<string, unknown>) => {
  const input = createPromoSchema.parse({ expiresAt: '2099-12-31', ...fields });
  const result = await create.execute(cli, typeof expiresAt === 'string' ? { ...input, expiresAt: new Date(`${expiresAt}T23:59:59Z`) } : input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('createPromoSchema', () => {
  it('upper-cases the code and defaults max uses to 1, active', () => {
    const parsed = createPromoSchema.parse({ code: ' welcome10 ', credits: '10', expiresAt: '2099-01-31' });
    expect(parsed).toMatchObject({ code: 'WELCOME10', type: 'credits', credits: 10, maxUses: 1, isActive: true });
    // A date alone works through that whole UTC day.
    expect(parsed.expiresAt.toISOString()).toBe('2099-02-01T00:00:00.000Z');
  });

  it.each([
    [{ code: '', credits: 5, expiresAt: '2099-01-01' }, 'Please fill in all required fields (code and expiry date)'],
    [{ code: 'X', credits: 5 }, 'Please fill in all required fields (code and expiry date)'],
    [{ code: 'X', credits: 5, expiresAt: '2001-01-01' }, 'The expiry date must be in the future'],
    [{ code: 'X', credits: 5, expiresAt: 'next week' }, 'The expiry date must be a date (YYYY-MM-DD) or an ISO date-time'],
    [{ code: 'X', type: 'discount', discountPercent: 101, expiresAt: '2099-01-01' }, 'The discount must be between 1 and 100 percent'],
    [{ code: 'X', type: 'discount', discountPercent: 0, expiresAt: '2099-01-01' }, 'The discount must be between 1 and 100 percent'],
    [{ code: 'X', credits: 2.5, expiresAt: '2099-01-01' }, 'Credits must be a whole number'],
    [{ code: 'X', credits: 0, expiresAt: '2099-01-01' }, 'A credits code must grant at least 1 credit'],
    [{ code: 'X', credits: 1, maxUses: 0, expiresAt: '2099-01-01' }, 'Max uses must be at least 1'],
    [{ code: 'NO SPACES', credits: 1, expiresAt: '2099-01-01' }, 'A promo code may hold only letters, digits, - and _'],
  ])('refuses %j with "%s"', (input, message) => {
    const parsed = createPromoSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses an empty code to redeem with the spec message', () => {
    expect(promoCodeInputSchema.safeParse({ code: '   ' }).error?.issues[0]?.message).toBe('Please enter a promo code');
    expect(promoCodeInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Please enter a promo code');
  });
});

describe('CreatePromo, ListPromos, DeletePromo', () => {
  it('keeps only the fields of the code type and refuses a second code of the same name', async () => {
    const promo = await createCode({ code: 'half', type: 'discount', discountPercent: 50, credits: 9 });
    expect(promo).toMatchObject({ code: 'HALF', type: 'discount', discountPercent: 50, credits: 0, currentUses: 0 });
    const again = await create.execute(cli, createPromoSchema.parse({ code: 'HALF', credits: 1, expiresAt: '2099-01-01' }));
    expect(again).toEqual({ ok: false, error: { code: 'promo.code_taken', message: promoMessages.codeTaken } });
  });

  it('refuses an expiry that is past by its own clock', async () => {
    const input = createPromoSchema.parse({ code: 'LATE', credits: 1, expiresAt: '2099-01-01' });
    clock.set(new Date('2100-01-01T00:00:00Z'));
    expect(await create.execute(cli, input)).toMatchObject({ ok: false, error: { code: 'validation.invalid' } });
  });

  it('lists newest first and deletes by code, whatever its case, or by id', async () => {
    const first = await createCode({ code: 'FIRST', credits: 1 });
    clock.set(new Date('2026-03-16T12:00:00Z'));
    await createCode({ code: 'SECOND', credits: 1 });
    expect((await new ListPromos(uow).execute()).map((p) => p.code)).toEqual(['SECOND', 'FIRST']);
    const remove = new DeletePromo(uow, clock, ids);
    expect(await remove.execute(cli, 'second')).toMatchObject({ ok: true, value: { code: 'SECOND' } });
    expect(await remove.execute(cli, first.id)).toMatchObject({ ok: true, value: { code: 'FIRST' } });
    expect(await remove.execute(cli, 'SECOND')).toMatchObject({ ok: false, error: { code: 'promo.not_found' } });
    const { entries } = await uow.run((r) => r.audit.list({ offset: 0, limit: 10 }));
    expect(entries.map((e) => [e.actorLabel, e.action, e.target])).toEqual([
      ['cli:test', 'promo.delete', 'FIRST'], ['cli:test', 'promo.delete', 'SECOND'], ['cli:test', 'promo.create', 'SECOND'], ['cli:test', 'promo.create', 'FIRST'],
    ]);
  });
});

describe('ValidatePromo', () => {
  it('answers type, credits and discount for a usable code typed in any case, with spaces', async () => {
    const userId = await registerUser('rosa@example.org');
    await createCode({ code: 'WELCOME', credits: 10 });
    await createCode({ code: 'HALF', type: 'discount', discountPercent: 50 });
    expect(await validate.execute(userId, '  welcome ')).toEqual({ ok: true, value: { type: 'credits', credits: 10, discountPercent: 0 } });
    expect(await validate.execute(userId, 'half')).toEqual({ ok: true, value: { type: 'discount', credits: 0, discountPercent: 50 } });
  });

  it('refuses unknown, inactive, expired, used-up and already-redeemed codes with their messages', async () => {
    const rosa = await registerUser('rosa@example.org');
    const ana = await registerUser('ana@example.org');
    await createCode({ code: 'OFF', credits: 1, isActive: false });
    await createCode({ code: 'SOON', credits: 1, expiresAt: '2026-03-20' });
    await createCode({ code: 'ONCE', credits: 1 });
    expect((await redeem.execute(rosa, 'ONCE')).ok).toBe(true);
    clock.set(new Date('2026-03-21T00:00:00Z'));
    const refusal = async (userId: string, code: string) => {
      const result = await validate.execute(userId, code);
      return result.ok ? null : result.error;
    };
    expect(await refusal(ana, 'NOPE')).toEqual({ code: 'promo.not_found', message: 'This promo code does not exist' });
    expect(await refusal(ana, 'OFF')).toEqual({ code: 'promo.inactive', message: 'This promo code is no longer active' });
    expect(await refusal(ana, 'SOON')).toEqual({ code: 'promo.expired', message: 'This promo code has expired' });
    expect(await refusal(ana, 'ONCE')).toEqual({ code: 'promo.used_up', message: 'This promo code has reached its usage limit' });
    expect(await refusal(rosa, 'ONCE')).toEqual({ code: 'promo.already_redeemed', message: 'You have already redeemed this promo code' });
  });
});

describe('RedeemPromo', () => {
  it('adds the credits through the ledger and answers them with the new balance', async () => {
    const userId = await registerUser('rosa@example.org');
    const promo = await createCode({ code: 'WELCOME', credits: 10, maxUses: 5 });
    expect(await redeem.execute(userId, 'welcome')).toEqual({ ok: true, value: { credits: 10, balance: 11 } });
    const history = await uow.run(({ ledger }) => ledger.history(userId));
    expect(history.map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([['signup_grant', 1, 1], ['promo', 10, 11]]);
    expect(history[1]?.reference).toBe(`promo:${promo.id}:${userId}`);
    expect((await new ListPromos(uow).execute())[0]?.currentUses).toBe(1);
  });

  it('refuses a second redemption by the same account, changing nothing', async () => {
    const userId = await registerUser('rosa@example.org');
    await createCode({ code: 'WELCOME', credits: 10, maxUses: 5 });
    await redeem.execute(userId, 'WELCOME');
    expect(await redeem.execute(userId, 'WELCOME')).toEqual({ ok: false, error: { code: 'promo.already_redeemed', message: promoMessages.alreadyRedeemed } });
    expect((await uow.run(({ users }) => users.findById(userId)))?.credits).toBe(11);
    expect((await new ListPromos(uow).execute())[0]?.currentUses).toBe(1);
  });

  it('lets exactly maxUses accounts redeem a code', async () => {
    await createCode({ code: 'TRIO', credits: 2, maxUses: 3 });
    const users = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => registerUser(`${n}@example.org`)));
    const results = await Promise.all(users.map((u) => redeem.execute(u, 'TRIO')));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(['promo.used_up', 'promo.used_up']);
  });

  it('refuses a discount code, which applies at checkout, and leaves it unused', async () => {
    const userId = await registerUser('rosa@example.org');
    await createCode({ code: 'HALF', type: 'discount', discountPercent: 50 });
    expect(await redeem.execute(userId, 'HALF')).toEqual({ ok: false, error: { code: 'promo.checkout_only', message: promoMessages.checkoutOnly } });
    expect((await new ListPromos(uow).execute())[0]?.currentUses).toBe(0);
  });

  it('refuses unknown, inactive and expired codes without granting anything', async () => {
    const userId = await registerUser('rosa@example.org');
    await createCode({ code: 'OFF', credits: 5, isActive: false });
    await createCode({ code: 'SOON', credits: 5, expiresAt: '2026-03-15' });
    clock.set(new Date('2026-03-16T00:00:00Z'));
    expect(await redeem.execute(userId, 'NOPE')).toMatchObject({ ok: false, error: { code: 'promo.not_found' } });
    expect(await redeem.execute(userId, 'OFF')).toMatchObject({ ok: false, error: { code: 'promo.inactive' } });
    expect(await redeem.execute(userId, 'SOON')).toMatchObject({ ok: false, error: { code: 'promo.expired' } });
    expect((await uow.run(({ users }) => users.findById(userId)))?.credits).toBe(1);
  });
});
