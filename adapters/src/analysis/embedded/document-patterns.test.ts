import { describe, expect, it } from 'vitest';
import { detectPatterns, findContacts, findWhen, isFormality } from './document-patterns.ts';

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
    ['A copy shall be published within fifteen (15) days after adoption.', ['deadline']],
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

describe('findContacts on OCR text', () => {
  it('does not take a web address broken by OCR for one', () => {
    expect(findContacts('http://www .state.il.us/agencv/idol/rates/ 6/18/2009')).toEqual([]);
    expect(findContacts('Go to https://www.regulations.gov. Follow the instructions.')).toEqual([{ kind: 'web', value: 'https://www.regulations.gov' }]);
  });
});

describe('findWhen', () => {
  it('finds dates with their weekday, and times', () => {
    expect(findWhen('The Authority will meet on Tuesday, December 8, 2020 at 9:00 a.m. and again on January 5, 2021 at 10 am.')).toEqual([
      'Tuesday, December 8, 2020',
      'January 5, 2021',
      '9:00 a.m.',
      '10 am',
    ]);
  });
});

describe('isFormality', () => {
  it.each([
    'AYES: DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren',
    'o Commissioners Present: Anthony Qaiyum, Zach Maiorca, Melaina Prest',
    'I do further certify that the attached is a true and correct copy of an ordinance adopted on the 15th day of July 2020.',
    'I, SANDY LEZON, hereby certify that I am the duly qualified and acting Secretary of the Board.',
    'ADOPTED this 15 th day of July 2020, pursuant to a roll call vote as follows:',
    'IN WITNESS WHEREOF, I have hereunto affixed my official signature and the corporate seal.',
    'b. Approve Minutes of the March 16, 2020 Special Board of Trustees Meeting',
  ])('%s', (text) => expect(isFormality(text)).toBe(true));

  it('leaves what a document does alone', () => {
    for (const text of [
      'The Secretary shall certify to the Congress each year the amount of the grant.',
      'A special tax of .02% of the value of all taxable property shall be levied for the fiscal year 2020-2021.',
      'The motion carried by a roll call vote of the trustees present at the meeting.',
    ]) expect(isFormality(text), text).toBe(false);
  });
});
