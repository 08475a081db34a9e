import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DockerfileError, expand, parseDockerfile, parseDockerignore } from './dockerfile.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('parseDockerfile', () => {
  it('reads stages, their steps, and the runtime stage\'s command and health check', () => {
    const [build, runtime] = parseDockerfile([
      '# a comment',
      'FROM node:24-bookworm-slim AS build',
      'WORKDIR /app',
      'COPY package.json package-lock.json ./',
      'RUN npm ci \\',
      '  # a comment inside a continued line is not part of it',
      '  && npm run build',
      '',
      'FROM node:24-bookworm-slim',
      'ENV NODE_ENV=production DATA_DIR="/app/my data"',
      'ENV GREETING hello world',
      'COPY --from=build --chown=node:node /app/node_modules node_modules/',
      'USER node',
      'VOLUME ["/app/data"]',
      'EXPOSE 3000',
      'HEALTHCHECK --interval=30s --timeout=5s \\',
      '  CMD ["node", "-e", "process.exit(0)"]',
      'CMD node server.js',
    ].join('\n'));
    expect(build).toMatchObject({ base: 'node:24-bookworm-slim', name: 'build', cmd: null });
    expect(build!.steps).toEqual([
      { kind: 'workdir', path: '/app' },
      { kind: 'copy', from: null, chown: null, sources: ['package.json', 'package-lock.json'], destination: './' },
      { kind: 'run', command: ['/bin/sh', '-c', 'npm ci && npm run build'], shell: true },
    ]);
    expect(runtime!.steps).toEqual([
      { kind: 'env', values: { NODE_ENV: 'production', DATA_DIR: '/app/my data' } },
      { kind: 'env', values: { GREETING: 'hello world' } },
      { kind: 'copy', from: 'build', chown: 'node:node', sources: ['/app/node_modules'], destination: 'node_modules/' },
      { kind: 'user', user: 'node' },
    ]);
    expect(runtime).toMatchObject({
      name: null, volumes: ['/app/data'], expose: ['3000'],
      healthcheck: { command: ['node', '-e', 'process.exit(0)'], options: { interval: '30s', timeout: '5s' } },
      cmd: ['/bin/sh', '-c', 'node server.js'],
    });
  });

  it('refuses by name what it cannot replay, instead of skipping it', () => {
    expect(() => parseDockerfile('FROM node:24\nADD https://example.org/x /x')).toThrow(/line 2 \(ADD\): not replayed/);
    expect(() => parseDockerfile('FROM node:24\nENTRYPOINT ["tini"]')).toThrow(DockerfileError);
    expect(() => parseDockerfile('FROM node:24\nCOPY --chmod=755 a b')).toThrow(/--chmod is not replayed/);
    expect(() => parseDockerfile('RUN true')).toThrow(/before the first FROM/);
    expect(() => parseDockerfile('FROM node:24\nRUN true \\')).toThrow(/continued line/);
  });

  it('reads this repository\'s Dockerfile: a build stage, then a runtime stage running node as a user other than root', () => {
    const stages = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = stages.at(-1)!;
    expect(runtime.cmd?.[0]).toBe('node');
    expect(runtime.healthcheck).not.toBeNull();
    expect(runtime.steps.filter((s) => s.kind === 'user').at(-1)).toEqual({ kind: 'user', user: 'node' });
  });
});

describe('expand', () => {
  it('substitutes $NAME and ${NAME} from the stage\'s environment, empty when unset', () => {
    expect(expand('${HOME}/x:$PORT:$NONE', { HOME: '/root', PORT: '3000' })).toBe('/root/x:3000:');
  });
});

describe('parseDockerignore', () => {
  const ignore = parseDockerignore([
    '# comment',
    '.git',
    '**/node_modules',
    '/data',
    'apps/web/dist',
    '**/*.log',
    'docs/*.md',
    '!docs/keep.md',
  ].join('\n'));

  it('leaves out a match and everything under it, anchored at the context\'s root', () => {
    expect(ignore.excludes('.git')).toBe(true);
    expect(ignore.excludes('data/pgdata/base/1')).toBe(true);
    expect(ignore.excludes('adapters/src/analysis/embedded/data/us-constitution.txt')).toBe(false);
    expect(ignore.excludes('apps/web/dist/index.html')).toBe(true);
    expect(ignore.excludes('apps/web/src/dist.ts')).toBe(false);
  });

  it('lets ** stand for any number of directories and * for one name', () => {
    expect(ignore.excludes('node_modules/zod/index.js')).toBe(true);
    expect(ignore.excludes('apps/web/node_modules/x/package.json')).toBe(true);
    expect(ignore.excludes('npm-debug.log')).toBe(true);
    expect(ignore.excludes('apps/api/server.log')).toBe(true);
    expect(ignore.excludes('docs/a.md')).toBe(true);
    expect(ignore.excludes('docs/adr/a.md')).toBe(false);
  });

  it('brings back what a later ! exception names, and says which excluded directories to walk for it', () => {
    expect(ignore.excludes('docs/keep.md')).toBe(false);
    expect(ignore.mayReinclude('docs')).toBe(true);
    expect(ignore.mayReinclude('node_modules')).toBe(false);
  });
});
