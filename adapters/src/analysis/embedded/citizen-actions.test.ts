import { describe, expect, it } from 'vitest';
import { fallbackAction, findCitizenActions } from './citizen-actions.ts';
import { detectPatterns } from './document-patterns.ts';
import { segmentPages } from './sentence-segmenter.ts';

const actionsFor = (...pages: string[]) => {
  const units = segmentPages(pages.map((text, i) => ({ number: i + 1, text })));
  return findCitizenActions(units, (u) => detectPatterns(u.text)).map((a) => a.text);
};

describe('findCitizenActions', () => {
  it('leads a meeting with its date, time and place, and a comment with how to send it', () => {
    const actions = actionsFor(
      'The Illinois Finance Authority will hold a special meeting of the Conduit Financing Committee in the Authority’s Chicago Office, ' +
        '160 North LaSalle Street, Suite S-1000, Chicago, Illinois 60601 on Tuesday, December 8, 2020 at 9:00 a.m.\n\n' +
        'Written comments may be sent to clerk@springfield.gov or by phone at (217) 555-0142.\n',
    );
    expect(actions).toEqual([
      'Have your say (clerk@springfield.gov; (217) 555-0142): Written comments may be sent to clerk@springfield.gov or by phone at (217) 555-0142.',
      expect.stringMatching(/^Attend the meeting \(Tuesday, December 8, 2020; 9:00 a\.m\.; 160 North LaSalle Street\): The Illinois Finance Authority will hold/),
    ]);
  });

  it('does not invite a citizen to meetings and comments that minutes narrate, but to the next meeting they name', () => {
    const actions = actionsFor(
      'Minutes of the Regular Meeting of the Board of Trustees Wednesday, April 15, 2020, 7:00 p.m.\n\n' +
        'Director Whitmer stated she received one public comment from Gail Smith, employee and resident.\n\n' +
        'Trustee DuRocher asked why this was not done at the special board meeting on March 16, 2020.\n\n' +
        'Regular Board Meeting on May 20, 2020 at 7 pm\n',
    );
    expect(actions).toEqual(['Attend the meeting (May 20, 2020; 7 pm): Regular Board Meeting on May 20, 2020 at 7 pm']);
  });

  it('offers records open to inspection, dial-ins and accommodations, each with its contact', () => {
    const actions = actionsFor(
      'The Secretary shall keep available for inspection by an interested party in the main office of this District this determination.\n\n' +
        'The Audio Conference Number is (312) 626-6799 and the Meeting ID is 917 7276 7587.\n\n' +
        'Individuals who require special accommodation should contact the Superintendent’s Office at (408) 252-3000.\n',
    );
    expect(actions).toEqual([
      'Join or follow the meeting remotely ((312) 626-6799): The Audio Conference Number is (312) 626-6799 and the Meeting ID is 917 7276 7587.',
      expect.stringMatching(/^Ask to see the records: The Secretary shall keep available for inspection/),
      expect.stringMatching(/^If you need an accommodation to take part, ask for it \(\(408\) 252-3000\): Individuals who require/),
    ]);
  });

  it('takes a deadline from the date its words name, and only one that binds', () => {
    expect(actionsFor('The FAA must receive comments on this proposed AD by September 21, 2020.\n')).toEqual([
      'Have your say (September 21, 2020): The FAA must receive comments on this proposed AD by September 21, 2020.',
    ]);
    expect(actionsFor('Applications must be filed no later than March 1, 2021 with the Clerk.\n')).toEqual([
      'Note the deadline (March 1, 2021): Applications must be filed no later than March 1, 2021 with the Clerk.',
    ]);
    expect(actionsFor('This AD would apply to airplanes in Service Bulletin 737-31-1860, dated June 12, 2020, issued on or before the effective date.\n')).toEqual([]);
    expect(actionsFor('The backpay period terminated no later than December 1, 2008, as the judge found.\n')).toEqual([]);
  });

  it('does not offer the phone numbers of a table of licensees as contacts', () => {
    const rows = Array.from({ length: 15 }, (_, i) => `AMERICAN AIRLINES INC ${7100 + i} TERMINAL DRIVE OKLAHOMA CITY OK 73159 (405) 680-${3700 + i} 2014/09/14`).join('\n\n');
    expect(actionsFor(`ALPHABETIC LISTING BY TYPE OF ACTIVE LICENSES\n\n${rows}\n`)).toEqual([]);
  });
});

describe('fallbackAction', () => {
  it('names the body that issued the document, as the document names it most', () => {
    const units = segmentPages([
      {
        number: 1,
        text:
          'WHEREAS, the Act authorizes the Board of Trustees to levy a special tax.\n\n' +
          'NOW, THEREFORE, BE IT ORDAINED by the Board of Trustees of the Warrenville Public Library District that a tax shall be levied.\n\n' +
          'I certify this ordinance was adopted at a Meeting of the Board of Trustees of the Warrenville Public Library District.\n',
      },
    ]);
    const action = fallbackAction(units, units[0]);
    expect(action?.text).toBe(
      'Raise any question or concern with the Board of Trustees of the Warrenville Public Library District at one of its public meetings, or with your elected representatives.',
    );
    expect(action?.quote).toBe('Board of Trustees of the Warrenville Public Library District');
  });
});
