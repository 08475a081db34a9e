import { DEFAULT_DOCUMENT_TITLE, DEFAULT_TEXT_TITLE, MAX_TITLE_CHARACTERS } from '../contracts/analyze.contract.ts';
import { storableText } from '../contracts/fields.ts';
import { domainError, type DomainError } from '../shared/domain-error.ts';
import { plural } from '../contracts/plural.ts';
import type { SubscriptionTier } from '../tiers/subscription-tier.ts';
import type { DocumentSource } from './read-document.ts';

/** What an analysis or a comparison costs, in credits (docs/product/credits-and-tiers.md "Tiers"). */
export const ANALYSIS_COST = 1;

/** The title the spec gives a document: the one typed, else the PDF's file name without `.pdf`, else its default. */
export function documentTitle(input: { kind: DocumentSource['kind']; title?: string; fileName?: string }): string {
  const typed = input.title?.trim();
  if (typed) return typed.slice(0, MAX_TITLE_CHARACTERS);
  if (input.kind === 'text') return DEFAULT_TEXT_TITLE;
  const fromName = input.fileName && storableText(input.fileName).replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '').trim();
  return fromName ? fromName.slice(0, MAX_TITLE_CHARACTERS) : DEFAULT_DOCUMENT_TITLE;
}

/** A content limit the reader refused, told in the words of the user's plan; any other refusal as it came. */
export function inPlanWords(error: DomainError, tier: Pick<SubscriptionTier, 'name' | 'maxPages' | 'maxCharacters'>): DomainError {
  switch (error.code) {
    case 'document.too_many_pages':
      return domainError(error.code, `Your ${tier.name} plan allows PDFs of up to ${plural(tier.maxPages, 'page')}; this one has more.`);
    case 'document.too_many_characters':
      return domainError(error.code, `Your ${tier.name} plan allows up to ${plural(tier.maxCharacters, 'character')} of text per document; this PDF has more.`);
    default:
      return error;
  }
}
