import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../../contracts/auth.contract.ts';
import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import { FixedClock, SequentialIds, plainTextHasher, testAccountLinks, testMessages } from '../../testing/fakes.ts';
import { RegisterUser } from '../../accounts/register-user/register-user.use-case.ts';
import type { ProgressHub, ProgressKey } from '../progress-hub.port.ts';
import { ProgressWatchers } from '../progress-watchers.ts';
import { WatchAnalysisProgress } from './watch-analysis-progress.use-case.ts';

/** Keys with something to hear, and who subscribes and unsubscribes. */
class ListeningHub implements ProgressHub {
  readonly recent = new Set<string>();
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];
  publish() {}
  subscribe(key: ProgressKey) {
    this.subscribed.push(key.progressId);
    return () => { this.unsubscribed.push(key.progressId); };
  }
  async hasRecent(key: ProgressKey) {
    return this.recent.has(`${key.userId}/${key.progressId}`);
  }
}

const clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
let uow: InMemoryUnitOfWork;
let ids: SequentialIds;
let hub: ListeningHub;
let watchers: ProgressWatchers;
let watch: WatchAnalysisProgress;
let rosa: string;
let bob: string;

const register = async (email: string) => {
  const registered = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!registered.ok) throw new Error(registered.error.message);
  return registered.value.id;
};
const pendingWith = (userId: string, progressId: string) => uow.run((r) => r.pendingAnalyses.insert({
  id: `pending-${progressId}`, userId, createdAt: clock.now(), progressId, title: 'Levy',
  options: { analysisType: 'summary', country: 'US' }, source: { kind: 'text', text: 'The Council levies a tax.' },
}));
const follow = (userId: string, progressId: string) => watch.execute({ userId, progressId, listener: (_: AnalysisProgressEvent) => {} });

beforeEach(async () => {
  uow = new InMemoryUnitOfWork({ clock });
  ids = new SequentialIds();
  hub = new ListeningHub();
  watchers = new ProgressWatchers({ perUser: 2, perProcess: 3 });
  watch = new WatchAnalysisProgress(uow, hub, watchers);
  rosa = await register('rosa@example.org');
  bob = await register('bob@example.org');
});

describe('WatchAnalysisProgress', () => {
  it('follows the caller\'s pending analysis, and one that ended a moment ago', async () => {
    await pendingWith(rosa, 'p-pending');
    hub.recent.add(`${rosa}/p-ended`);
    expect((await follow(rosa, 'p-pending')).ok).toBe(true);
    expect((await follow(rosa, 'p-ended')).ok).toBe(true);
    expect(hub.subscribed).toEqual(['p-pending', 'p-ended']);
  });

  it('answers analysis.not_found for another user\'s id or an unknown one, subscribing nothing and keeping no slot', async () => {
    await pendingWith(rosa, 'p-rosa');
    hub.recent.add(`${rosa}/p-rosa-ended`);
    for (const progressId of ['p-rosa', 'p-rosa-ended', 'p-unknown']) {
      expect(await follow(bob, progressId)).toEqual({ ok: false, error: { code: 'analysis.not_found', message: 'Analysis not found' } });
    }
    expect(hub.subscribed).toEqual([]);
    expect(watchers.open()).toBe(0);
  });

  it('answers rate.limited beyond the streams of one user and of the process, before asking the database', async () => {
    await pendingWith(rosa, 'p-rosa');
    await pendingWith(bob, 'p-bob');
    const held = [await follow(rosa, 'p-rosa'), await follow(rosa, 'p-rosa')];
    const third = await follow(rosa, 'p-rosa');
    expect(third).toMatchObject({ ok: false, error: { code: 'rate.limited', message: expect.stringContaining('for this account') } });
    expect(await follow(bob, 'p-bob')).toMatchObject({ ok: true });
    expect(await follow(bob, 'p-bob')).toMatchObject({ ok: false, error: { code: 'rate.limited', message: expect.stringContaining('on this server') } });
    // Over the cap, even an id that is nobody's costs no lookup: the answer is the cap's.
    expect(await follow(bob, 'p-nobody')).toMatchObject({ ok: false, error: { code: 'rate.limited' } });

    // Unsubscribing gives the slot back, once however often it is called.
    const first = held[0]!;
    if (!first.ok) throw new Error('expected a stream');
    first.value();
    first.value();
    expect(hub.unsubscribed).toEqual(['p-rosa']);
    expect(watchers.open(rosa)).toBe(1);
    expect(watchers.open()).toBe(2);
    expect(await follow(rosa, 'p-rosa')).toMatchObject({ ok: true });
  });
});
