/** Month names and abbreviations (English, French, Spanish), lower case, to their number. */
export const MONTHS: Readonly<Record<string, number>> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7,
  jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
  janvier: 1, 'février': 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, 'août': 8, aout: 8,
  septembre: 9, octobre: 10, novembre: 11, 'décembre': 12, decembre: 12,
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9,
  octubre: 10, noviembre: 11, diciembre: 12,
};

/** Every month name as one alternation for a pattern, longest first so "sept" is not read as "sep". */
export const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** The number (1-12) of a month named in English, French or Spanish; undefined for another word. */
export const monthNumber = (name: string): number | undefined => MONTHS[name.toLowerCase()];
