import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import type { FakeLanguageModel } from '../llm/testing/fake-language-model.ts';
import { openAiChatApiHandlers } from './openai-chat-api.fake.ts';

/** The fake Chat Completions API on a real loopback port, for analyzers in other processes (queue workers). */
export interface OpenAiChatServer {
  /** For OPENAI_BASE_URL. */
  baseUrl: string;
  /** Requests wait from now on, until `release`: an analysis held mid-run, for a test to stop its worker. */
  hold(): void;
  release(): void;
  /** Requests waiting at the gate now. */
  readonly waiting: number;
  close(): Promise<void>;
}

/**
 * Serves `openAiChatApiHandlers(model)` (the same replies the in-process msw tests get) over node:http on
 * 127.0.0.1, with a gate a test can close to hold every request where it is.
 */
export async function startOpenAiChatServer(model: FakeLanguageModel): Promise<OpenAiChatServer> {
  let gate: { opened: Promise<void>; open: () => void } | null = null;
  let waiting = 0;
  let baseUrl = '';

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (gate) {
        waiting += 1;
        await gate.opened;
        waiting -= 1;
      }
      const abort = new AbortController();
      response.on('close', () => abort.abort());
      const fetched = new Request(new URL(request.url ?? '/', baseUrl).toString(), {
        method: request.method, headers: request.headers as Record<string, string>, body: body.length > 0 ? new Uint8Array(body) : undefined, signal: abort.signal,
      });
      const answer = await getResponse(openAiChatApiHandlers(model, `${baseUrl}/v1`), fetched);
      if (!answer || answer.type === 'error') {
        response.destroy();
        return;
      }
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${baseUrl}/v1`,
    hold: () => {
      if (gate) return;
      let open = () => {};
      const opened = new Promise<void>((resolve) => { open = resolve; });
      gate = { opened, open };
    },
    release: () => {
      gate?.open();
      gate = null;
    },
    get waiting() {
      return waiting;
    },
    close: async () => {
      gate?.open();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
