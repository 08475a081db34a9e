/**
 * The Dockerfile and .dockerignore as `docker build` reads them, for scripts/replay-image.ts (no container engine
 * runs where CivicWatch is developed) and for the Compose check. Only what this repository's Dockerfile may use is
 * understood; any other instruction or flag is refused by name, so the replay never silently skips a step.
 */

export interface CopyStep {
  kind: 'copy';
  /** A stage's name (or index) with `--from`; null: the build context. */
  from: string | null;
  chown: string | null;
  sources: string[];
  destination: string;
}
export type Step =
  | { kind: 'workdir'; path: string }
  | { kind: 'env'; values: Record<string, string> }
  | { kind: 'run'; command: string[]; shell: boolean }
  | { kind: 'user'; user: string }
  | CopyStep;

export interface Healthcheck {
  /** The command (exec form, or `/bin/sh -c …` for the shell form). */
  command: string[];
  options: Record<string, string>;
}

export interface Stage {
  /** `FROM`'s image, or an earlier stage's name. */
  base: string;
  name: string | null;
  steps: Step[];
  cmd: string[] | null;
  healthcheck: Healthcheck | null;
  expose: string[];
  volumes: string[];
}

export class DockerfileError extends Error {}

/** Joins continued lines (a trailing `\`) and drops comments and blank lines: one entry per instruction. */
function instructions(text: string): Array<{ line: number; keyword: string; args: string }> {
  const found: Array<{ line: number; keyword: string; args: string }> = [];
  let pending: { line: number; text: string } | null = null;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    // A comment line, even in the middle of a continued instruction, is not part of it.
    if (trimmed.startsWith('#')) return;
    if (!pending && trimmed === '') return;
    const continued = trimmed.endsWith('\\');
    const piece = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    pending = pending ? { line: pending.line, text: `${pending.text} ${piece}` } : { line: index + 1, text: piece };
    if (continued) return;
    const match = /^(\S+)\s*(.*)$/s.exec(pending.text.trim());
    if (match) found.push({ line: pending.line, keyword: match[1]!.toUpperCase(), args: match[2]!.trim() });
    pending = null;
  });
  if (pending) throw new DockerfileError('the Dockerfile ends in the middle of a continued line');
  return found;
}

/** `["a", "b"]` (exec form), or null for the shell form. */
function jsonForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.every((a) => typeof a === 'string')) return parsed;
  } catch {
    // Docker runs a line that is not valid JSON in the shell form.
  }
  return null;
}

const commandOf = (args: string): { command: string[]; shell: boolean } => {
  const exec = jsonForm(args);
  return exec ? { command: exec, shell: false } : { command: ['/bin/sh', '-c', args], shell: true };
};

/** Leading `--name=value` flags, each checked against those allowed. */
function flags(args: string, allowed: string[], where: string): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let rest = args;
  for (let match = /^--([\w-]+)=(\S+)\s+/.exec(rest); match; match = /^--([\w-]+)=(\S+)\s+/.exec(rest)) {
    if (!allowed.includes(match[1]!)) throw new DockerfileError(`${where}: --${match[1]} is not replayed`);
    found[match[1]!] = match[2]!;
    rest = rest.slice(match[0].length);
  }
  return { flags: found, rest };
}

/** Splits a line into words as the Dockerfile does for ENV: spaces separate, double or single quotes group. */
function words(text: string): string[] {
  const result: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) result.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote) throw new DockerfileError(`unterminated quote in: ${text}`);
  if (started) result.push(word);
  return result;
}

/** `$NAME` and `${NAME}` from the stage's environment, as Docker expands them in ENV, WORKDIR, COPY and USER. */
export const expand = (value: string, env: Record<string, string>): string =>
  value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_all, braced?: string, bare?: string) => env[(braced ?? bare)!] ?? '');

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const { line, keyword, args } of instructions(text)) {
    const where = `line ${line} (${keyword})`;
    if (keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new DockerfileError(`${where}: expected FROM image [AS name]`);
      stages.push({ base: match[1]!, name: match[2] ?? null, steps: [], cmd: null, healthcheck: null, expose: [], volumes: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new DockerfileError(`${where}: comes before the first FROM`);
    switch (keyword) {
      case 'WORKDIR':
        stage.steps.push({ kind: 'workdir', path: args });
        break;
      case 'ENV': {
        const parts = words(args);
        // The old form, `ENV NAME value with spaces`, sets one variable.
        const values = parts[0]!.includes('=')
          ? Object.fromEntries(parts.map((p) => {
            const eq = p.indexOf('=');
            if (eq <= 0) throw new DockerfileError(`${where}: expected NAME=value, got ${p}`);
            return [p.slice(0, eq), p.slice(eq + 1)];
          }))
          : { [parts[0]!]: parts.slice(1).join(' ') };
        stage.steps.push({ kind: 'env', values });
        break;
      }
      case 'RUN':
        stage.steps.push({ kind: 'run', ...commandOf(flags(args, [], where).rest) });
        break;
      case 'USER':
        stage.steps.push({ kind: 'user', user: args });
        break;
      case 'COPY': {
        const parsed = flags(args, ['from', 'chown'], where);
        const paths = jsonForm(parsed.rest) ?? words(parsed.rest);
        if (paths.length < 2) throw new DockerfileError(`${where}: expected COPY source... destination`);
        stage.steps.push({ kind: 'copy', from: parsed.flags.from ?? null, chown: parsed.flags.chown ?? null, sources: paths.slice(0, -1), destination: paths.at(-1)! });
        break;
      }
      case 'CMD':
        stage.cmd = commandOf(args).command;
        break;
      case 'HEALTHCHECK': {
        const parsed = flags(`${args} `, ['interval', 'timeout', 'start-period', 'start-interval', 'retries'], where);
        const match = /^CMD\s+(.+)$/is.exec(parsed.rest.trim());
        if (!match) throw new DockerfileError(`${where}: expected HEALTHCHECK [options] CMD command`);
        stage.healthcheck = { command: commandOf(match[1]!).command, options: parsed.flags };
        break;
      }
      case 'EXPOSE':
        stage.expose.push(...args.split(/\s+/));
        break;
      case 'VOLUME':
        stage.volumes.push(...(jsonForm(args) ?? args.split(/\s+/)));
        break;
      default:
        throw new DockerfileError(`${where}: not replayed (only FROM, WORKDIR, ENV, COPY, RUN, USER, CMD, HEALTHCHECK, EXPOSE, VOLUME)`);
    }
  }
  if (stages.length === 0) throw new DockerfileError('the Dockerfile has no FROM');
  return stages;
}

/** One .dockerignore line: a path pattern relative to the context, `!` to bring matches back. */
interface IgnoreRule { pattern: RegExp; exception: boolean; prefix: string }

/**
 * A pattern as Docker matches it (Go's filepath.Match per path segment, `**` for any number of segments), which
 * also matches everything under a matching directory.
 */
function toRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` matches zero or more directories; a final `**` matches anything.
      if (pattern[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i);
      if (end < 0) throw new DockerfileError(`.dockerignore: unterminated [ in ${pattern}`);
      source += `[${pattern.slice(i + 1, end)}]`;
      i = end;
    } else if (c === '\\' && i + 1 < pattern.length) source += `\\${pattern[++i]}`;
    else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}(?:/.*)?$`);
}

/** Normalises a pattern as Docker does (filepath.Clean, no leading slash). */
const clean = (pattern: string): string => {
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/') || '.';
};

export interface DockerIgnore {
  /** Whether the context leaves out `file` (a path relative to the context, with `/`). */
  excludes(file: string): boolean;
  /** Whether a directory the context leaves out may still hold something an exception brings back. */
  mayReinclude(dir: string): boolean;
}

export function parseDockerignore(text: string): DockerIgnore {
  const rules: IgnoreRule[] = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')).map((line) => {
    const exception = line.startsWith('!');
    const pattern = clean(exception ? line.slice(1).trim() : line);
    // The literal start of the pattern, up to its first wildcard: where an exception can bring files back.
    return { pattern: toRegExp(pattern), exception, prefix: pattern.split(/[*?[\\]/)[0]! };
  });
  return {
    excludes(file) {
      let excluded = false;
      // The last rule that matches decides.
      for (const rule of rules) if (rule.pattern.test(file)) excluded = !rule.exception;
      return excluded;
    },
    mayReinclude(dir) {
      return rules.some((r) => r.exception && (r.prefix === '' || r.prefix.startsWith(`${dir}/`) || `${dir}/`.startsWith(r.prefix)));
    },
  };
}
