import type { ComparedVersion, ComparisonDraft, VersionComparer } from '../comparison/version-comparer.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { TokenGenerator } from '../shared/token-generator.port.ts';
import type { PasswordHasher } from '../accounts/password-hasher.port.ts';
import type { TokenHasher } from '../accounts/token-hasher.port.ts';
import { AccountLinks } from '../accounts/account-links.ts';
import type { DocumentLanguage } from '../contracts/analysis-result.contract.ts';
import type { LanguageDetector } from '../analysis/language-detector.port.ts';
import type { DocumentUnderstanding, FactFinder } from '../analysis/fact-finder.port.ts';
import { NOTHING_UNDERSTOOD } from '../analysis/fact-finder.port.ts';
import type { ExtractedDocument, ExtractedPage, ExtractionProgress, TextExtractor } from '../analysis/text-extractor.port.ts';
import type { TokenSigner } from '../notifications/token-signer.port.ts';
import { domainError, type DomainError } from '../shared/domain-error.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { MessageComposer } from '../notifications/message-composer.ts';

/** Test doubles behind core's ports; the in-memory unit of work and its repositories are in ./in-memory. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = date;
  }
}

/** Answers one language (or undetermined) whatever the text, and keeps the texts it was asked about. */
export class FixedLanguageDetector implements LanguageDetector {
  readonly texts: string[] = [];
  constructor(private readonly language: DocumentLanguage | null = { code: 'en', name: 'English' }) {}
  async detect(text: string): Promise<DocumentLanguage | null> {
    this.texts.push(text);
    return this.language;
  }
}

/**
 * Reads every PDF as the same pages, with the reader's warnings, reporting each page's progress as a reading
 * would; or refuses every PDF as damaged, from its check on.
 */
export class FixedTextExtractor implements TextExtractor {
  constructor(private readonly document: ExtractedDocument | 'corrupt') {}
  async extract(_bytes: Uint8Array, options?: { onProgress?: (progress: ExtractionProgress) => void }): Promise<Result<ExtractedDocument, DomainError>> {
    if (this.document === 'corrupt') return err(domainError('document.corrupt', 'This PDF could not be read.'));
    const { pages } = this.document;
    for (const page of pages) options?.onProgress?.({ stage: page.ocr ? 'ocr' : 'extracting', page: page.number, pages: pages.length });
    return ok(this.document);
  }

  async check(): Promise<Result<{ pages: number }, DomainError>> {
    if (this.document === 'corrupt') return err(domainError('document.corrupt', 'This PDF could not be read.'));
    return ok({ pages: this.document.pages.length });
  }

  /** `pages` without warnings. */
  static of(pages: ExtractedPage[]): FixedTextExtractor {
    return new FixedTextExtractor({ pages, warnings: [] });
  }
}

/** A PDF of no content but a mark, its sixth byte (after `%PDF-`), by which `MarkedTextExtractor` reads it. */
export const markedPdf = (mark: number) => ({ kind: 'pdf' as const, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, mark]) });

/** Reads each `markedPdf` as the pages given for its mark: two versions of a document, for one. */
export class MarkedTextExtractor implements TextExtractor {
  constructor(private readonly pagesOf: Readonly<Record<number, ExtractedPage[]>>) {}
  async extract(bytes: Uint8Array): Promise<Result<ExtractedDocument, DomainError>> {
    const pages = this.pagesOf[bytes[5] ?? -1];
    return pages ? ok({ pages, warnings: [] }) : err(domainError('document.corrupt', 'This PDF could not be read.'));
  }

  async check(bytes: Uint8Array): Promise<Result<{ pages: number }, DomainError>> {
    const read = await this.extract(bytes);
    return read.ok ? ok({ pages: read.value.pages.length }) : read;
  }
}

/** Answers one understanding whatever the pages (nothing found by default), and counts the documents it read. */
export class FixedFactFinder implements FactFinder {
  calls = 0;
  constructor(private readonly understanding: DocumentUnderstanding = NOTHING_UNDERSTOOD) {}
  async understand(): Promise<DocumentUnderstanding> {
    this.calls += 1;
    return this.understanding;
  }
}

export class SequentialIds implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}

/** Predictable tokens (`token-1`, `token-2`, …): unit tests check which link is answered, CryptoTokenGenerator has its own tests. */
export class SequentialTokens implements TokenGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `token-${this.n}`;
  }
}

/** Fast and obviously not a real hash: unit tests check the use case's logic, argon2 has its own tests. */
export const plainTextHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

/** Obviously not a signature (`purpose.subject`): unit tests check who gets which link, HmacTokenSigner has its own tests. */
export const plainTokenSigner: TokenSigner = {
  sign: (purpose, subject) => `${purpose}.${subject}`,
  verify: (purpose, token) => (token.startsWith(`${purpose}.`) && token.length > purpose.length + 1 ? token.slice(purpose.length + 1) : null),
};

export const TEST_PUBLIC_URL = 'https://civicwatch.test';

/** One sequence for every test composer, so that outbox ids never collide within a test file. */
const messageIds = new SequentialIds();

/** The e-mail texts as the server writes them, with plain tokens and links to TEST_PUBLIC_URL. */
export const testMessages = (clock: Clock): MessageComposer => new MessageComposer(plainTokenSigner, TEST_PUBLIC_URL, clock, messageIds);

/** Obviously not a digest (`hash:token`): unit tests check that only this is stored, Sha256TokenHasher has its own tests. */
export const plainTokenHasher: TokenHasher = { hash: (token) => `hash:${token}` };

/** One sequence for every test's account links, so that tokens never collide within a test file. */
const linkTokens = new SequentialTokens();
const linkIds = new SequentialIds();

/** Account links as the server issues them, with predictable tokens (`token-1`, …) stored as `hash:token-1`. */
export const testAccountLinks = (clock: Clock): AccountLinks => new AccountLinks(linkTokens, plainTokenHasher, clock, linkIds);

/** A comparer that answers the same comparison whatever the versions: for use cases around the comparison. */
export class FixedVersionComparer implements VersionComparer {
  readonly analyzer = 'embedded' as const;
  readonly model = 'fixed-comparer';
  readonly compared: Array<[ComparedVersion, ComparedVersion]> = [];
  /** The signal of each comparison, as its caller handed it. */
  readonly signals: Array<AbortSignal | undefined> = [];
  constructor(private readonly draft: ComparisonDraft = { related: true, summary: 'No substantive change: the two versions say the same thing.', changes: [] }) {}
  async compare(earlier: ComparedVersion, later: ComparedVersion, options?: { signal?: AbortSignal }): Promise<ComparisonDraft> {
    this.compared.push([earlier, later]);
    this.signals.push(options?.signal);
    return this.draft;
  }
}
