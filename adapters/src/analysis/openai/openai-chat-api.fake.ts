import { http, HttpResponse, type HttpHandler } from 'msw';
import { captureRequest, untilAborted } from '../llm/testing/captured-request.ts';
import type { FakeLanguageModel } from '../llm/testing/fake-language-model.ts';

export const fakeOpenAiBaseUrl = 'https://llm.openai-compatible.test/v1';

/** Error bodies as the API documents them (`{ error: { message, type, param, code } }`). */
const errorBodies: Record<number, { message: string; type: string; code: string | null }> = {
  429: { message: 'Rate limit reached for gpt-4o-mini in organization org-test on tokens per min (TPM): Limit 200000, Used 199500, Requested 1200. Please try again in 2s.', type: 'tokens', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later', type: 'server_error', code: null },
  401: { message: 'Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', code: 'invalid_api_key' },
};

/**
 * `POST {baseUrl}/chat/completions` answering like OpenAI's Chat Completions API: a `chat.completion`
 * object with one choice, or the API's error object and status.
 */
export function openAiChatApiHandlers(model: FakeLanguageModel, baseUrl = fakeOpenAiBaseUrl): HttpHandler[] {
  return [
    http.post(`${baseUrl}/chat/completions`, async ({ request }) => {
      const captured = await captureRequest(request);
      const reply = model.answer(captured);
      const requestId = `req_${model.requests.length.toString(16).padStart(32, '0')}`;
      switch (reply.kind) {
        case 'hang':
          await untilAborted(request);
          return HttpResponse.error();
        case 'raw':
          return new HttpResponse(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType } });
        case 'status': {
          const error = errorBodies[reply.status] ?? { message: `Status ${reply.status}`, type: 'server_error', code: null };
          return HttpResponse.json({ error: { ...error, param: null } }, {
            status: reply.status,
            headers: { 'x-request-id': requestId, ...reply.headers },
          });
        }
        case 'content':
          return HttpResponse.json({
            id: `chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG${model.requests.length}`,
            object: 'chat.completion',
            created: 1_741_570_283,
            model: `${String(captured.body.model)}-2024-07-18`,
            choices: [{
              index: 0,
              message: { role: 'assistant', content: reply.content, refusal: null, annotations: [] },
              logprobs: null,
              finish_reason: 'stop',
            }],
            usage: {
              prompt_tokens: Math.ceil(captured.rawBody.length / 4),
              completion_tokens: Math.ceil(reply.content.length / 4),
              total_tokens: Math.ceil((captured.rawBody.length + reply.content.length) / 4),
              prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
              completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
            },
            service_tier: 'default',
            system_fingerprint: 'fp_06737a9306',
          }, { headers: { 'x-request-id': requestId, 'openai-processing-ms': '1200' } });
      }
    }),
  ];
}
