import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@civicwatch/core';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { publicConfigOf } from './server.ts';

describe('publicConfigOf (GET /api/config)', () => {
  // The Analyze page warns before a credit is spent when the built-in analyzer cannot check a state's law.
  it.each([
    [{}, 'embedded'],
    [{ OPENAI_API_KEY: 'sk-test' }, 'openai'],
    [{ OLLAMA_HOST: 'http://ollama.internal:11434' }, 'ollama'],
  ] as const)('tells the web app which analyzer the server runs (%j: %s), and nothing of its settings', (env, analyzer) => {
    const config = publicConfigOf(loadConfig(env, '/srv/civicwatch'));
    expect(publicConfigSchema.parse(config).analyzer).toBe(analyzer);
    expect(JSON.stringify(config)).not.toMatch(/sk-test|ollama\.internal/);
  });
});
