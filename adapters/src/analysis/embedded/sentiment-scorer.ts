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
 * Words of procedure: a general-purpose lexicon reads "certify", "adopted", "welcome" or "approve" as
 * warm, yet they say nothing of what a document does to citizens. In such sentences only the civic
 * lexicon counts.
 */
const PROCEDURE =
  /\b(?:certif\w+|adopt\w*|approv\w+|publish\w*|full force and effect|roll call|welcome\w*|please|courtesy|thank\w*|motion|seconded|moved|minutes|agenda|pursuant|accordance|hereby|ordained|resolved)\b/i;

/** How far the general lexicon counts beside the civic one: legal prose is full of mild tone words. */
const GENERAL_WEIGHT = 0.4;

/**
 * Lexicon sentiment of a document: each prose sentence scores wink-nlp's sentiment (-1 … 1, damped, and
 * left out in procedural sentences) plus the civic lexicon. The rating maps the mean over all prose
 * sentences onto 1 … 5, so a few warm words in a long procedural text leave it neutral (3). Confidence
 * grows with the evidence and, off neutral, with how one-sided it is; it stays modest, since a lexicon is
 * a blunt tool. Non-English or garbled text finds no words: rating 3, low confidence.
 */
export const scoreSentiment = (units: readonly TextUnit[]): Sentiment => {
  let sum = 0;
  let sentences = 0;
  let positive = 0;
  let negative = 0;
  for (const u of units) {
    if (u.kind !== 'prose' || u.wordCount < 3) continue;
    sentences++;
    let civic = 0;
    for (const [re, w] of CIVIC_LEXICON) civic += (u.text.match(re)?.length ?? 0) * w;
    const general = PROCEDURE.test(u.text) ? 0 : GENERAL_WEIGHT * u.sentiment;
    const s = Math.max(-1, Math.min(1, general + civic / 2));
    if (Math.abs(s) < 0.05) continue;
    sum += s;
    if (s > 0) positive++;
    else negative++;
  }
  if (sentences === 0) return { rating: 3, confidence: 0.1 };
  const opinions = positive + negative;
  const mean = sum / sentences;
  const rating = Math.max(1, Math.min(5, Math.round(3 + 2 * Math.tanh(3 * mean))));
  const round = (x: number) => Math.round(x * 100) / 100;
  if (rating === 3) {
    // Neutral for want of opinion: surer the longer the text that shows none, never sure.
    const quiet = 1 - opinions / sentences;
    return { rating, confidence: round(Math.min(0.6, 0.15 + 0.45 * (1 - Math.exp(-sentences / 15)) * quiet)) };
  }
  const evidence = 1 - Math.exp(-opinions / 12);
  const agreement = Math.abs(positive - negative) / opinions;
  return { rating, confidence: round(Math.min(0.8, 0.15 + 0.4 * evidence + 0.25 * agreement)) };
};
