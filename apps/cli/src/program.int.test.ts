/**
 * `civicwatch` as a new user first meets it (issue 18): its version, its help, and what it says to a word it
 * does not know. Each case is the command run in its own process; none of them opens a database.
 */
import { describe, expect, it } from 'vitest';
import rootPackage from '../../../package.json' with { type: 'json' };
import { runCivicwatch } from './testing/run-cli.ts';

// A DATA_DIR that does not exist: a command that opened the database would create it and answer otherwise.
const civicwatch = (...args: string[]) => runCivicwatch({ DATA_DIR: '/nonexistent/civicwatch-usage-test' }, ...args);

describe('civicwatch introduces itself', () => {
  it('prints the product\'s version for --version and -V, and exits 0', async () => {
    const [long, short] = await Promise.all([civicwatch('--version'), civicwatch('-V')]);
    for (const outcome of [long, short]) {
      expect(outcome).toEqual({ code: 0, stdout: `civicwatch ${rootPackage.version}\n`, stderr: '' });
    }
    expect(rootPackage.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('shows in a command\'s help the environment variables it reads and examples, on stdout', async () => {
    const serve = await civicwatch('serve', '--help');
    expect(serve.code).toBe(0);
    expect(serve.stdout).toMatch(/^Environment for the web server:\n {2}PORT +HTTP port/m);
    expect(serve.stdout).toMatch(/^ {2}DATABASE_URL +postgres:/m);
    expect(serve.stdout).toMatch(/^Examples:\n(.*\n)* {2}civicwatch serve\n/m);
  });

  it('refuses a value outside an option\'s or an argument\'s choices with EX_USAGE, naming the choices', async () => {
    const [type, tier] = await Promise.all([
      civicwatch('analyze', 'minutes.pdf', '--type', 'sumary'),
      civicwatch('users', 'set-tier', 'rosa@example.org', 'gold'),
    ]);
    expect(type).toEqual({
      code: 64,
      stdout: '',
      stderr: 'error: option \'-t, --type <type>\' argument \'sumary\' is invalid. Allowed choices are summary, constitutional, custom.\n'
        + '(see civicwatch analyze --help)\n',
    });
    expect(tier).toMatchObject({ code: 64, stdout: '' });
    expect(tier.stderr).toContain('Allowed choices are citizen, patriot, defender.');
  });

  it('suggests the near option or command for a misspelt one, with EX_USAGE', async () => {
    const [option, command, subcommand] = await Promise.all([
      civicwatch('--verison'),
      civicwatch('analyse', 'minutes.pdf'),
      civicwatch('users', 'lst'),
    ]);
    expect(option).toEqual({ code: 64, stdout: '', stderr: 'error: unknown option \'--verison\'\n(Did you mean --version?)\n(see civicwatch --help)\n' });
    expect(command).toEqual({ code: 64, stdout: '', stderr: 'error: unknown command \'analyse\'\n(Did you mean analyze?)\n(see civicwatch --help)\n' });
    expect(subcommand).toMatchObject({ code: 64, stderr: expect.stringContaining('(Did you mean list?)\n(see civicwatch users --help)\n') });
  });
});
