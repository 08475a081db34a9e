/** What the analysis use cases tell a citizen, in the spec's words where it has them; shared by the use cases that say them. */

/** An analysis of someone else's, or one that is gone. */
export const ANALYSIS_NOT_FOUND_MESSAGE = 'Analysis not found';
/** Asked to cancel an analysis that is no longer queued or running (stored, refused, or cancelled already). */
export const ANALYSIS_ENDED_MESSAGE = 'This analysis has already ended.';
export const NOT_PDF_MESSAGE = 'Only PDF files are accepted.';
export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB. Please upload a smaller PDF.';
export const STATE_SELECTION_MESSAGE = 'State selection available for paying subscribers. Upgrade to select a state.';
export const CUSTOM_ANALYSIS_MESSAGE = 'Custom analysis available for paying subscribers. Upgrade to access custom analysis.';
/** A Citizen asking to compare two versions (ADR 0022). */
export const COMPARISON_MESSAGE = 'Comparing versions is available for paying subscribers';
/** What a waiting citizen is told when something broke on our side; the credit is back either way. */
export const ANALYSIS_FAILED_MESSAGE = 'The analysis could not be completed. Your credit has been returned.';
/** Its owner cancelled it; the credit is back either way (docs/product/analysis.md "Cancelling"). */
export const ANALYSIS_CANCELLED_MESSAGE = 'Analysis cancelled. Your credit has been returned.';
export const ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE = 'This account was deleted while the analysis ran, so nothing was saved.';
/** The request stopped waiting, the analysis did not stop: its credit is settled when it ends. */
export const ANALYSIS_STILL_RUNNING_MESSAGE =
  'The analysis is taking longer than expected. It will appear in your history when it is done; if it fails, your credit is returned.';

