import { describe, expect, it } from 'vitest';
import { findDays, findTimes, sayDay } from './meeting-times.ts';
import { ENGLISH, FRENCH, SPANISH } from './testing/finder-input.ts';

describe('findTimes', () => {
  it.each([
    ['Next meeting – 9:00am Thursday', '9 a.m.'],
    ['Regular Board Meeting on May 20, 2020 at 7 pm', '7 p.m.'],
    ['at 9:00\na.m.', '9 a.m.'],
    ['SÉANCE EXTRAORDINAIRE DU CONSEIL 6 avril 2023 à 9h', '9 a.m.'],
    ['la séance est ouverte à 20h30', '8:30 p.m.'],
    ['siendo las 14.05 horas del día 05 de febrero', '2:05 p.m.'],
  ])('%s', (text, said) => {
    expect(findTimes(text)[0]?.said).toBe(said);
  });

  it('takes no hours, numbers or words for a time', () => {
    expect(findTimes('5 hours of work, 24 items, the hm of it, (312) 651-1319')).toEqual([]);
  });
});

describe('findDays', () => {
  it('reads a day without a year as the first such day from the document’s date', () => {
    expect(findDays('Next meeting – 9:00am Thursday, February 15 th at Bistro Campagne', ENGLISH, '2018-01-29')).toMatchObject([
      { iso: '2018-02-15', text: 'Thursday, February 15 th' },
    ]);
    expect(findDays('the next meeting is on January 9', ENGLISH, '2019-12-18')[0]?.iso).toBe('2020-01-09');
    expect(findDays('le conseil se réunira le 15 janvier', FRENCH, '2014-01-07')[0]?.iso).toBe('2014-01-15');
    expect(findDays('la próxima sesión el 5 de marzo', SPANISH, '2025-02-05')[0]?.iso).toBe('2025-03-05');
  });

  it('skips a day without a year when the document has no date, and keeps a full date with its weekday', () => {
    expect(findDays('on February 15', ENGLISH, null)).toEqual([]);
    expect(findDays('on Tuesday, December 8, 2020 at 9:00 a.m.', ENGLISH, null)).toMatchObject([
      { iso: '2020-12-08', text: 'Tuesday, December 8, 2020' },
    ]);
  });
});

describe('sayDay', () => {
  it('says the weekday the calendar gives', () => {
    expect(sayDay('2009-01-13')).toBe('Tuesday, January 13, 2009');
  });
});
