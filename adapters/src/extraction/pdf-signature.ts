// The check is pure and core refuses a non-PDF before taking a credit; the extractor applies the same one.
export { hasPdfSignature } from '@civicwatch/core/analysis/pdf-signature.ts';
