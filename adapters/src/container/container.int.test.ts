import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Newable } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '@civicwatch/core';
import { loadConfig } from '../config/config.ts';
import { seedEmbeddedDataDir } from '../persistence/testing/pglite-template.ts';
import { createRuntime, type Runtime } from './container.ts';

type UseCase = Newable<{ execute(...args: never[]): unknown }>;

/** Built by `startMailDelivery` only when SMTP_URL is set: it needs a mail sender, which is null without one. */
const builtOutsideTheContainer: ReadonlySet<unknown> = new Set([core.DeliverMail]);

/** Core's use cases: its exported classes with an `execute` method. */
const useCases = Object.entries(core as Record<string, unknown>).filter(
  (entry): entry is [string, UseCase] => typeof entry[1] === 'function' && typeof entry[1].prototype?.execute === 'function',
);

let dataDir: string;
let runtime: Runtime;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cw-container-'));
  await seedEmbeddedDataDir(dataDir);
  runtime = await createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
});

afterAll(async () => {
  await runtime?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the container (ADR 0029)', () => {
  it('finds the use cases core exports', () => {
    expect(useCases.length).toBeGreaterThan(50);
  });

  // A use case left out of the wiring, or a dependency of one left unbound, fails here rather than on its first request.
  it.each(useCases.filter(([, type]) => !builtOutsideTheContainer.has(type)))('builds %s with all its dependencies', (_name, type) => {
    expect(runtime.container.get(type)).toBeInstanceOf(type);
  });
});
