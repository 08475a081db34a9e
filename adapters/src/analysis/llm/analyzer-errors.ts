import { domainError, type DomainError } from '@civicwatch/core';

/** Shown to the citizen (whose credit the use case gives back); the details go to the log. */
export const analyzerUnavailable: DomainError = domainError(
  'analyzer.unavailable',
  'The analysis service is not responding. Please try again later.',
);

export const analyzerInvalidOutput: DomainError = domainError(
  'analyzer.invalid_output',
  'The analysis service gave an answer we could not read. Please try again later.',
);
