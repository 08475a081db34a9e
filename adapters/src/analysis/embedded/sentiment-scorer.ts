import type { TextUnit } from './sentence-segmenter.ts';

/**
 * What a document means for citizens, beyond the general tone words that wink-nlp's lexicon scores:
 * a civic lexicon (costs, penalties and cuts against benefits, protections and relief). Weights in -1 … 1.
 */
const CIVIC_LEXICON: ReadonlyArray<[RegExp, number]> = [
  [/\b(?:tax(?:es)? (?:increase|hike)s?|increas\w* (?:the )?(?:tax|levy|fees?|rates?))\b/gi, -0.8],
  [/\b(?:penalt(?:y|ies)|fines?\b|imprison\w*|misdemeanou?r|felony|forfeit\w*)\b/gi, -0.6],
  [/\b(?:prohibit\w*|unlawful|restrict\w*|ban(?:s|ned)?|revok\w+|suspend\w*|terminat\w+|layoffs?|closures?|eliminat\w+|cuts?\b|reduc\w+ (?:services|benefits|funding))\b/gi, -0.5],
  [/\b(?:deficits?|shortfalls?|debt|violations?|lawsuits?|liabilit\w+|fraud|abuse)\b/gi, -0.4],
  [/\b(?:levy|levied|surcharges?|fees?)\b/gi, -0.2],
  [/\b(?:grants?|fund(?:s|ed|ing)? for|assistance|benefits?|improv\w+|protect\w*|expand\w*|support\w*|relief|refunds?|exempt\w*|access to|affordable|safety)\b/gi, 0.4],
  [/\b(?:tax (?:cuts?|credits?|relief)|reduc\w+ (?:the )?(?:tax|fees?|rates?)|free of charge|at no cost)\b/gi, 0.8],
];

export interface Sentiment {
  /** 1 very negative for citizens … 5 very positive (analysis-result contract). */
  rating: number;
  /** 0 … 1: grows with the evidence found and how one-sided it is; capped, since a lexicon is a blunt tool. */
  confidence: number;
}

/**
 * Lexicon sentiment of a document: each prose sentence scores wink-nlp's sentiment (-1 … 1) plus the
 * civic lexicon; sentences that score nothing carry no opinion and are left out. The rating maps the
 * mean onto 1 … 5, rounded to a whole star. Non-English or garbled text finds no words: rating 3, low confidence.
 */
export const scoreSentiment = (units: readonly TextUnit[]): Sentiment => {
  let sum = 0;
  let opinions = 0;
  let positive = 0;
  let negative = 0;
  for (const u of units) {
    if (u.kind !== 'prose') continue;
    let civic = 0;
    for (const [re, w] of CIVIC_LEXICON) civic += (u.text.match(re)?.length ?? 0) * w;
    const s = Math.max(-1, Math.min(1, u.sentiment + civic / 2));
    if (Math.abs(s) < 0.05) continue;
    opinions++;
    sum += s;
    if (s > 0) positive++;
    else negative++;
  }
  if (opinions === 0) return { rating: 3, confidence: 0.1 };
  const mean = sum / opinions;
  const rating = Math.max(1, Math.min(5, Math.round(3 + 2 * Math.tanh(2.5 * mean))));
  const evidence = 1 - Math.exp(-opinions / 12);
  const agreement = Math.abs(positive - negative) / opinions;
  const confidence = Math.min(0.85, 0.15 + 0.45 * evidence + 0.25 * agreement);
  return { rating, confidence: Math.round(confidence * 100) / 100 };
};
