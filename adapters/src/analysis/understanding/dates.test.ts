import { describe, expect, it } from 'vitest';
import { documentDate } from './document-date.ts';
import { findDates, monthNumber, sayDate } from './dates.ts';

const fr = { code: 'fr', name: 'French' };
const es = { code: 'es', name: 'Spanish' };

describe('findDates', () => {
  it('reads dates written out in English, French and Spanish, and numeric ones in the order of the language', () => {
    const isos = (text: string, language: typeof fr | null = null) => findDates(text, language).map((d) => d.iso);
    expect(isos('Tuesday, January 13, 2009 at 1:01 p.m.; Sept. 21, 2020')).toEqual(['2009-01-13', '2020-09-21']);
    expect(isos('ADOPTED this 15 th day of July 2020')).toEqual(['2020-07-15']);
    expect(isos('Séance du 14 janvier 2014, le 1er avril 2014', fr)).toEqual(['2014-01-14', '2014-04-01']);
    expect(isos('La Zarza, a 5 de febrero de 2025', es)).toEqual(['2025-02-05']);
    expect(isos('printed 3/19/2014')).toEqual(['2014-03-19']);
    expect(isos('fecha 06/01/2025', es)).toEqual(['2025-01-06']);
  });

  it('takes no ordinance number for a date and no impossible day', () => {
    expect(findDates('ORDINANCE 08-09-06 and 20-21-02; February 30, 2020')).toEqual([]);
  });

  it('says a date as an English statement does', () => {
    expect(sayDate('2020-07-15')).toBe('July 15, 2020');
  });
});

describe('documentDate', () => {
  it('dates an enactment by its adoption, not by the older law its recitals cite', () => {
    const pages = [
      { number: 1, text: 'WHEREAS, the Prevailing Wage Act of June 26, 1941 requires a determination;', ocr: false },
      { number: 2, text: 'ADOPTED this 17th day of June 2009, pursuant to a roll call vote as follows:', ocr: false },
    ];
    expect(documentDate(pages, null)).toBe('2009-06-17');
  });

  it('dates other documents by the first date of their opening, and says null when they state none', () => {
    expect(documentDate([{ number: 1, text: 'MINUTES\nRegular meeting of January 29, 2018\nPresent: ...', ocr: false }], null)).toBe('2018-01-29');
    expect(documentDate([{ number: 1, text: 'State  Permit  Handgun\nAlabama 1,234 5,678', ocr: false }], null)).toBeNull();
  });
});

describe('findDates, in tables', () => {
  it('reads dates written out and numeric, month first in English', () => {
    expect(findDates('beginning July 1, 2020, and ending June 30, 2021; printed 3/19/2014').map((d) => d.iso)).toEqual([
      '2020-07-01',
      '2021-06-30',
      '2014-03-19',
    ]);
  });

  it('reads year-first dates the same in every language', () => {
    const line = '648765 AAA ALLEGIANT AIR ALLEGIANT AIR LLC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 - 2014/12/03';
    expect(findDates(line).map((d) => [d.iso, d.text])).toEqual([['2014-12-03', '2014/12/03']]);
    expect(findDates('adoptée le 2020-07-01', { code: 'fr', name: 'French' }).map((d) => d.iso)).toEqual(['2020-07-01']);
    expect(findDates('2014/13/03 2014/02/30')).toEqual([]);
  });
});

describe('monthNumber', () => {
  it('knows months in English, French and Spanish, and nothing else', () => {
    expect([monthNumber('November'), monthNumber('FEBRUARY'), monthNumber('août'), monthNumber('diciembre'), monthNumber('Kentucky')]).toEqual([11, 2, 8, 12, undefined]);
  });
});
