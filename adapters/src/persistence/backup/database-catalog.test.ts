import { describe, expect, it } from 'vitest';
import { foreignKeyOrder } from './database-catalog.ts';

describe('foreignKeyOrder', () => {
  it('puts every table after the tables it references, otherwise in name order', () => {
    expect(foreignKeyOrder(
      ['analyses', 'users', 'promo_redemptions', 'promo_codes', 'subscription_tiers', 'settings'],
      [
        { child: 'analyses', parent: 'users' },
        { child: 'users', parent: 'subscription_tiers' },
        { child: 'promo_redemptions', parent: 'promo_codes' },
        { child: 'promo_redemptions', parent: 'users' },
      ],
    )).toEqual(['promo_codes', 'settings', 'subscription_tiers', 'users', 'analyses', 'promo_redemptions']);
  });

  it('ignores references to tables outside the list (another schema)', () => {
    expect(foreignKeyOrder(['b', 'a'], [{ child: 'a', parent: 'elsewhere' }])).toEqual(['a', 'b']);
  });

  it('refuses an order it cannot keep: a table that references itself, tables that reference each other', () => {
    expect(() => foreignKeyOrder(['notes'], [{ child: 'notes', parent: 'notes' }])).toThrow('The backup cannot order the rows of notes, which references itself.');
    expect(() => foreignKeyOrder(['a', 'b', 'c'], [{ child: 'a', parent: 'b' }, { child: 'b', parent: 'a' }]))
      .toThrow('The backup cannot order tables that reference each other in a circle: a, b.');
  });
});
