import { listSectionKeys, perListSection, type AnalyzerDraft } from '@civicwatch/core';
import type { ChatMessage } from '../chat-model.ts';

/** What the fake model does with one request. */
export type ScriptedReply =
  /** Answers with this text as the message content (200). */
  | { kind: 'content'; content: string }
  /** Fails with this HTTP status, in the API's own error shape. */
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Never answers, until the client gives up. */
  | { kind: 'hang' }
  /** Answers this body as it is, not in the API's shape: a proxy's error page, a body cut short. */
  | { kind: 'raw'; status: number; contentType: string; body: string }
  /** Answers like a diligent model: see `faithfulDraft`, and `faithfulWording` for the wording of a comparison. */
  | { kind: 'faithful' };

export interface CapturedRequest {
  url: string;
  headers: Headers;
  /** The request body exactly as sent. */
  rawBody: string;
  body: { model?: unknown; messages: ChatMessage[] } & Record<string, unknown>;
}

/**
 * A language model for tests, independent of the API that reaches it: the msw handlers of each API
 * (openai/openai-chat-api.fake.ts, ollama/ollama-chat-api.fake.ts) record requests here and wrap the
 * chosen reply in their API's response shape.
 */
export class FakeLanguageModel {
  readonly requests: CapturedRequest[] = [];
  private script: ScriptedReply[] = [];
  private fallback: ScriptedReply = { kind: 'faithful' };

  /** The next replies, in order; after them the fallback (faithful unless `always` changed it). */
  enqueue(...replies: ScriptedReply[]): void {
    this.script.push(...replies);
  }

  always(reply: ScriptedReply): void {
    this.fallback = reply;
  }

  reset(): void {
    this.requests.length = 0;
    this.script = [];
    this.fallback = { kind: 'faithful' };
  }

  /** Records a request and picks its reply; `faithful` is resolved to content here. */
  answer(request: CapturedRequest): Exclude<ScriptedReply, { kind: 'faithful' }> {
    this.requests.push(request);
    const reply = this.script.shift() ?? this.fallback;
    if (reply.kind !== 'faithful') return reply;
    const messages = request.body.messages;
    return { kind: 'content', content: JSON.stringify(isWordingRequest(messages) ? faithfulWording(messages) : faithfulDraft(messages)) };
  }
}

const blockPattern = /<document page="(\d+)"[^>]*>\n([\s\S]*?)\n<\/document>/g;
const partialPattern = /<partial-analysis part="\d+" pages="[^"]*">\n([\s\S]*?)\n<\/partial-analysis>/g;

/**
 * What a model that follows the instructions would answer: for pages, one key insight per page citing
 * the page's first line; for partial analyses, their union with citations re-indexed. A repair request
 * is answered for the conversation's first user message.
 */
export function faithfulDraft(messages: readonly ChatMessage[]): AnalyzerDraft {
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const partials = [...user.matchAll(partialPattern)].map((m) => JSON.parse(unescape(m[1] ?? '')) as AnalyzerDraft);
  return partials.length > 0 ? mergeDrafts(partials) : draftOfPages(user);
}

function unescape(text: string): string {
  return text.replace(/&lt;/g, '<');
}

function draftOfPages(user: string): AnalyzerDraft {
  const pages = new Map<number, string>();
  for (const match of user.matchAll(blockPattern)) {
    const page = Number(match[1]);
    if (!pages.has(page)) pages.set(page, unescape(match[2] ?? ''));
  }
  const draft: AnalyzerDraft = {
    summary: `The document sets out rules on ${pages.size} pages.`,
    ...perListSection(() => []),
    citizenAction: ['Read the document and comment before the deadline.'],
    sentiment: { rating: 3, confidence: 0.6 },
    citations: [],
  };
  for (const [page, text] of pages) {
    const line = text.split('\n').map((l) => l.trim()).find((l) => l.length >= 12) ?? text.trim();
    const quote = line.slice(0, 80).trim();
    if (!quote) continue;
    if (draft.citations.length === 0) {
      draft.citations.push({ section: 'summary', index: 0, page, quote });
      draft.citations.push({ section: 'citizenAction', index: 0, page, quote });
    }
    draft.citations.push({ section: 'keyInsights', index: draft.keyInsights.length, page, quote });
    draft.keyInsights.push(`Page ${page} begins: ${quote}`);
  }
  return draft;
}

function mergeDrafts(drafts: readonly AnalyzerDraft[]): AnalyzerDraft {
  const merged: AnalyzerDraft = {
    summary: drafts.map((d) => d.summary).join(' '),
    ...perListSection(() => []),
    sentiment: { rating: 3, confidence: 0.6 },
    citations: [],
  };
  for (const draft of drafts) {
    const offsets = perListSection((key) => merged[key].length);
    for (const key of listSectionKeys) merged[key].push(...draft[key]);
    for (const c of draft.citations) {
      merged.citations.push({ ...c, index: c.section === 'summary' ? 0 : c.index + offsets[c.section] });
    }
  }
  return merged;
}

const differencePattern = /<difference n="\d+" type="[a-z]+">\n([^\n]*)\n[\s\S]*?<\/difference>/g;
const comparisonSummaryPattern = /<comparison-summary>([\s\S]*?)<\/comparison-summary>/;

const isWordingRequest = (messages: readonly ChatMessage[]): boolean =>
  messages.some((m) => m.role === 'user' && comparisonSummaryPattern.test(m.content));

/**
 * What a model that follows the comparison-wording instructions would answer: the comparison's summary and each
 * difference's statement, in order, one each, introduced in plain words (so a test sees whose words it reads).
 */
export function faithfulWording(messages: readonly ChatMessage[]): { summary: string; statements: string[] } {
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const summary = unescape(comparisonSummaryPattern.exec(user)?.[1] ?? '');
  const statements = [...user.matchAll(differencePattern)].map((m) => `In plain words: ${unescape(m[1] ?? '')}`);
  return { summary: `In short: ${summary}`, statements };
}
