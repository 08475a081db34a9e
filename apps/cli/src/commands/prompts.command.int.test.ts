import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../cli-actor.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { auditCommand } from './audit.command.ts';
import { getPromptsCommand, readPromptInput, setPromptCommand, type SetPromptOptions } from './prompts.command.ts';

let t: CliTestServer;
let dir: string;
beforeAll(async () => {
  t = await startCliTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'cw-cli-prompts-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = (key?: string, json = false) => t.run((r) => getPromptsCommand(r, key, { json }));
/** `prompts set KEY --file F`: read and parsed first, then saved, as the command does. */
const set = async (key: string, options: SetPromptOptions, stdin?: string) => {
  const input = await readPromptInput(key, options, async () => Buffer.from(stdin ?? ''));
  return input.ok ? t.run((r) => setPromptCommand(r, input.value, options)) : input.outcome;
};
const file = async (name: string, text: string) => {
  const at = path.join(dir, name);
  await writeFile(at, text);
  return at;
};

describe('civicwatch prompts get', () => {
  it('prints the three prompts, or one as stored, and the same list as GET /api/admin/settings as JSON', async () => {
    const all = JSON.parse((await get(undefined, true)).stdout) as Array<{ key: string; value: string }>;
    expect(all.map((p) => p.key)).toEqual(['free_user_prompt', 'paid_user_prompt', 'summary_prompt']);
    expect(all.every((p) => p.value.length > 0)).toBe(true);

    const text = await get();
    expect(text.stdout).toMatch(/^== free_user_prompt ==\n/);
    expect(text.stdout).toMatch(/^== paid_user_prompt ==$/m);
    const paid = all.find((p) => p.key === 'paid_user_prompt')!;
    expect((await get('paid_user_prompt')).stdout).toBe(paid.value.endsWith('\n') ? paid.value : `${paid.value}\n`);
    expect(JSON.parse((await get('paid_user_prompt', true)).stdout)).toEqual(paid);
  });

  it('refuses a key that is not one of the three (65)', async () => {
    expect(await get('admin_prompt')).toEqual({
      exitCode: 65, stdout: '',
      stderr: 'civicwatch prompts get: Unknown setting: the keys are free_user_prompt, paid_user_prompt and summary_prompt (validation.invalid)\n',
    });
  });
});

describe('civicwatch prompts set', () => {
  it('replaces a prompt from a file or standard input, and `prompts get` then prints it', async () => {
    const saved = await set('summary_prompt', { file: await file('summary.txt', 'Summarise the document in plain words.\n') });
    expect(saved).toEqual({ exitCode: 0, stdout: 'Saved summary_prompt (38 characters)\n', stderr: '' });
    expect((await get('summary_prompt')).stdout).toBe('Summarise the document in plain words.\n');

    const fromStdin = await set('paid_user_prompt', { file: '-', json: true }, 'Check against the constitution of {{STATE}}, {{COUNTRY}}.');
    expect(JSON.parse(fromStdin.stdout)).toEqual({ key: 'paid_user_prompt', value: 'Check against the constitution of {{STATE}}, {{COUNTRY}}.' });
    expect((await get('paid_user_prompt')).stdout).toBe('Check against the constitution of {{STATE}}, {{COUNTRY}}.\n');
  });

  it('refuses a paid prompt without its placeholders, an empty prompt, an unknown key (65) and a file it cannot read (66)', async () => {
    expect(await set('paid_user_prompt', { file: await file('paid.txt', 'No placeholders here.') })).toEqual({
      exitCode: 65, stdout: '', stderr: 'civicwatch prompts set: The paid prompt must contain {{STATE}} and {{COUNTRY}} (validation.invalid)\n',
    });
    expect(await set('free_user_prompt', { file: '-' }, '  \n')).toMatchObject({
      exitCode: 65, stderr: 'civicwatch prompts set: A prompt cannot be empty (validation.invalid)\n',
    });
    expect(await set('free_prompt', { file: '-' }, 'x')).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Unknown setting') });
    expect(await set('free_user_prompt', { file: path.join(dir, 'missing.txt') })).toMatchObject({
      exitCode: 66, stderr: `civicwatch prompts set: cannot read ${path.join(dir, 'missing.txt')}: ENOENT\n`,
    });
  });

  it('records the change in the audit log under the command line\'s name', async () => {
    await set('free_user_prompt', { file: '-' }, 'Free prompt, version 2');
    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true, pageSize: '1' }))).stdout) as { entries: unknown[] };
    expect(log.entries).toEqual([expect.objectContaining({
      actor: cliActor().label, action: 'prompt.update', target: 'free_user_prompt', after: { value: 'Free prompt, version 2' },
    })]);
  });
});
