import { http, HttpResponse, type HttpHandler } from 'msw';
import { captureRequest, untilAborted } from '../llm/testing/captured-request.ts';
import type { FakeLanguageModel } from '../llm/testing/fake-language-model.ts';

export const fakeOllamaHost = 'http://ollama.test:11434';

/** Ollama answers errors as `{ "error": "…" }`. */
const errorMessages: Record<number, string> = {
  429: 'too many requests',
  500: 'llama runner process has terminated: signal: killed',
  503: 'server busy, please try again.  maximum pending requests exceeded',
  404: 'model "llama3.1" not found, try pulling it first',
};

/**
 * `POST {host}/api/chat` answering like Ollama's chat API with `stream: false`: one final message object
 * with the `done` statistics (durations in nanoseconds), or `{ error }` and a status.
 */
export function ollamaChatApiHandlers(model: FakeLanguageModel, host = fakeOllamaHost): HttpHandler[] {
  return [
    http.post(`${host}/api/chat`, async ({ request }) => {
      const captured = await captureRequest(request);
      const reply = model.answer(captured);
      switch (reply.kind) {
        case 'hang':
          await untilAborted(request);
          return HttpResponse.error();
        case 'raw':
          return new HttpResponse(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType } });
        case 'status':
          return HttpResponse.json({ error: errorMessages[reply.status] ?? `status ${reply.status}` }, {
            status: reply.status,
            headers: reply.headers,
          });
        case 'content':
          return HttpResponse.json({
            model: captured.body.model,
            created_at: '2025-03-10T14:13:43.416799Z',
            message: { role: 'assistant', content: reply.content },
            done: true,
            done_reason: 'stop',
            total_duration: 5_191_566_416,
            load_duration: 2_154_458,
            prompt_eval_count: Math.ceil(captured.rawBody.length / 4),
            prompt_eval_duration: 383_809_000,
            eval_count: Math.ceil(reply.content.length / 4),
            eval_duration: 4_799_921_000,
          });
      }
    }),
  ];
}
