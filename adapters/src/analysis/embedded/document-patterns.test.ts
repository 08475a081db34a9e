import { describe, expect, it } from 'vitest';
import { detectPatterns, findContacts } from './document-patterns.ts';

describe('detectPatterns', () => {
  it.each([
    ['There are appropriated $13,500,000 for fiscal year 2006.', ['amount', 'date']],
    ['a special tax of .02% of the value of all taxable property shall be levied', ['amount', 'tax']],
    ['Comments must be received not later than March 3, 2021.', ['date', 'deadline', 'comment']],
    ['Violators shall be fined up to $500 and may be imprisoned.', ['amount', 'penalty']],
    ['The Secretary is hereby authorized to issue regulations.', ['power']],
    ['No person shall operate a drone over a public park.', ['restriction']],
    ['The Board will hold a public hearing on the budget.', ['hearing']],
    ['A special meeting of the Committee will be held on December 3, 2020 at 9:30 a.m.', ['meeting', 'date']],
    ['Call (312) 651-1300 or write to info@il-fa.com.', ['contact']],
    ['An annual permit fee of $25 applies.', ['amount', 'fee']],
  ])('%s', (text, kinds) => {
    expect([...detectPatterns(text)].sort()).toEqual([...kinds].sort());
  });

  it('does not call "due" a deadline without a when', () => {
    expect(detectPatterns('Payment is due to the vendor.').has('deadline')).toBe(false);
    expect(detectPatterns('Reports are due within 30 days of the award.').has('deadline')).toBe(true);
  });

  it('finds nothing in text that has none of it', () => {
    expect(detectPatterns('The library has many books.').size).toBe(0);
  });
});

describe('findContacts', () => {
  it('finds e-mails, phones, web and street addresses', () => {
    const contacts = findContacts('Write to clerk@example.gov, call 630-393-1171, see www.example.gov/notices. Visit 28W751 Stafford Place or 160 N. LaSalle Street.');
    expect(contacts).toEqual([
      { kind: 'email', value: 'clerk@example.gov' },
      { kind: 'phone', value: '630-393-1171' },
      { kind: 'web', value: 'www.example.gov/notices' },
      { kind: 'address', value: '160 N. LaSalle Street' },
    ]);
  });
});
