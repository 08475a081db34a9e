import { describe, expect, it } from 'vitest';
import { documentText } from './document-text.ts';
import { dueDates, placeIn, relativeDeadlines, upcomingMeetings } from './schedule.ts';
import { ENGLISH, pagesOf } from './testing/finder-input.ts';

describe('placeIn', () => {
  it.each([
    ['Location: Library Meeting Room', 'Library Meeting Room'],
    ['in the Authority’s Chicago Office, 160 North LaSalle Street, Suite S-1000', '160 North LaSalle Street'],
    ['at 6:30 p.m. in the Council Chambers.', 'the Council Chambers'],
    ['9:00am Thursday, February 15 th at Bistro Campagne', 'Bistro Campagne'],
    ['le conseil municipal s’est réuni à la Mairie, sous la présidence', 'Mairie'],
    ['se celebrará en el Salón de Plenos de la Casa Consistorial', 'Salón de Plenos'],
  ])('%s', (text, place) => {
    expect(placeIn(text)?.text).toBe(place);
  });
});

describe('upcomingMeetings', () => {
  it('finds the meetings minutes announce after their own date, named and timed, not the past ones', () => {
    const doc = documentText(
      pagesOf(`Trustee Warren would still like to have a meeting on April 29, 2020.
Trustee Picha announced the following meetings:
Committee of the Whole (Budget) Board Meeting on May 20, 2020 at 6 pm
Regular Board Meeting on May 20, 2020 at 7 pm
The March 16, 2020 special meeting at 6 pm was held by phone.`),
    );
    expect(upcomingMeetings(doc, ENGLISH, '2020-04-15').map((m) => [m.when.name, m.when.day.iso, m.when.time?.said])).toEqual([
      ['Committee of the Whole (Budget) Board Meeting', '2020-05-20', '6 p.m.'],
      ['Regular Board Meeting', '2020-05-20', '7 p.m.'],
    ]);
  });
});

describe('deadlines', () => {
  it('finds a period to object counted in days, in Spanish, French or English', () => {
    const doc = documentText(
      pagesOf(`otorgándole un trámite de
audiencia de diez días hábiles, a efectos de que pueda formular cuantas alegaciones.
Toute observation peut être présentée dans un délai de 15 jours.
An appeal may be filed within thirty (30) calendar days of this decision.
Payment is due within 30 days of the invoice.`),
    );
    expect(relativeDeadlines(doc).map((d) => d.statement)).toEqual([
      'Objections can be filed within 10 working days.',
      'Comments can be filed within 15 days.',
    ]);
  });

  it('finds a day by which comments are due, after the document’s date only', () => {
    const doc = documentText(pagesOf('Written comments must be received by 5:00 p.m. on June 12, 2023. Bids were due by May 1, 2023.'));
    expect(dueDates(doc, ENGLISH, '2023-05-30').map((d) => d.statement)).toEqual(['Comments are due by June 12, 2023.']);
  });
});
