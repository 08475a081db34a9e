import { describe, expect, it } from 'vitest';
import { configVariableHelp, configVariableNames, variableChoices, variableDefault } from './config-help.ts';
import { envSchema } from './config.ts';

describe('the help of the configuration', () => {
  it('gives each variable the default the schema gives it when unset', () => {
    const unset = envSchema.parse({});
    const defaults = Object.fromEntries(configVariableNames.flatMap((name) => {
      const shown = variableDefault(name);
      return shown === undefined ? [] : [[name, shown]];
    }));
    expect(defaults).toMatchObject({ PORT: '3000', DATA_DIR: './data', LOG_LEVEL: 'info', OPENAI_MODEL: 'gpt-4o-mini' });
    for (const [name, shown] of Object.entries(defaults)) expect(String(unset[name as keyof typeof unset]), name).toBe(shown);
    // Unset, these mean something a default cannot say (the embedded database, a generated secret): their lines say it.
    expect(variableDefault('DATABASE_URL')).toBeUndefined();
    expect(configVariableHelp.DATABASE_URL.summary).toContain('embedded database');
  });

  it('names the values of a variable that takes one of a few, as the schema accepts them', () => {
    expect(variableChoices('NODE_ENV')).toEqual(['development', 'production', 'test']);
    expect(envSchema.safeParse({ LOG_LEVEL: variableChoices('LOG_LEVEL')!.at(-1) }).success).toBe(true);
    expect(variableChoices('PORT')).toBeUndefined();
  });
});
