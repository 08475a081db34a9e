import { err, ok, type AnalyzerDraft, type DomainError, type Result } from '@civicwatch/core';
import type { ChatMessage, ChatModel } from './chat-model.ts';
import { parseDraft, sanitizeDraft, type DraftParse } from './draft-sanitizer.ts';
import { ModelCaller, type ModelCallSettings } from './model-caller.ts';
import { repairUserMessage } from './prompt-framing.ts';
import { analyzerInvalidOutput } from './analyzer-errors.ts';

/** Per request, each retry and the repair included. */
export type DraftGeneratorSettings = ModelCallSettings;

/** The part of an off-schema answer sent back for repair: enough to fix, not a second document. */
const maxEchoedAnswerChars = 8_000;

/**
 * One model call that must produce a draft: retries what is worth retrying, then gives the model one
 * chance to repair an off-schema answer. Returns `analyzer.unavailable` / `analyzer.invalid_output`;
 * throws the signal's reason once aborted.
 */
export class DraftGenerator {
  private readonly caller: ModelCaller;

  constructor(
    model: ChatModel,
    private readonly settings: DraftGeneratorSettings,
  ) {
    this.caller = new ModelCaller(model, settings);
  }

  /** The draft, with citations restricted to `validPages` (the pages the model was shown). */
  async generate(
    messages: readonly ChatMessage[],
    validPages: ReadonlySet<number>,
    signal: AbortSignal,
  ): Promise<Result<AnalyzerDraft, DomainError>> {
    const first = await this.caller.call(messages, signal);
    if (!first.ok) return first;
    let parsed = parseDraft(first.value);
    if (!parsed.ok) {
      this.settings.logger?.warn(logDetails(parsed), 'LLM answer is off-schema; asking for a repair');
      const repair: ChatMessage[] = [
        ...messages,
        { role: 'assistant', content: first.value.slice(0, maxEchoedAnswerChars) },
        { role: 'user', content: repairUserMessage(parsed.problem) },
      ];
      const second = await this.caller.call(repair, signal);
      if (!second.ok) return second;
      parsed = parseDraft(second.value);
      if (!parsed.ok) {
        this.settings.logger?.warn(logDetails(parsed), 'LLM answer is still off-schema after the repair');
        return err(analyzerInvalidOutput);
      }
    }
    return ok(sanitizeDraft(parsed.draft, validPages));
  }
}

/** No document text in logs (docs/product/accounts.md "Privacy promise"): see DraftParse. */
function logDetails(parsed: Extract<DraftParse, { ok: false }>): object {
  return parsed.kind === 'schema' ? { kind: parsed.kind, problem: parsed.problem } : { kind: parsed.kind };
}
