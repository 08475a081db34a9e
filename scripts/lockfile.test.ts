import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingEntries, resolveEntry, type Lockfile } from './lockfile.ts';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json', () => {
  it('holds an entry for every dependency it names, every platform\'s optional binaries included', () => {
    expect(missingEntries(lock)).toEqual([]);
  });

  it('records the optional binaries of other platforms than this one', () => {
    const canvas = lock.packages['node_modules/@napi-rs/canvas']?.optionalDependencies ?? {};
    expect(Object.keys(canvas)).toEqual(expect.arrayContaining(['@napi-rs/canvas-darwin-arm64', '@napi-rs/canvas-linux-arm64-gnu', '@napi-rs/canvas-win32-x64-msvc']));
  });
});

describe('missingEntries', () => {
  const base: Lockfile = {
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { a: '^1.0.0' }, devDependencies: { d: '^1.0.0' } },
      adapters: { dependencies: { a: '^1.0.0', c: '^1.0.0' } },
      'node_modules/adapters': { link: true },
      'node_modules/a': { optionalDependencies: { 'a-darwin-arm64': '1.0.0', 'a-linux-x64': '1.0.0' }, devDependencies: { never: '1' } },
      'node_modules/a-linux-x64': {},
      'node_modules/a-darwin-arm64': {},
      'node_modules/d': {},
      'adapters/node_modules/c': { dependencies: { a: '^1.0.0' } },
    },
  };

  it('finds a dependency in the nearest node_modules up from its dependant', () => {
    expect(missingEntries(base)).toEqual([]);
    expect(resolveEntry(base, 'adapters/node_modules/c', 'a')).toBe('node_modules/a');
  });

  it('names an optional binary the lockfile lacks, as one written on a single platform does', () => {
    const { 'node_modules/a-darwin-arm64': _dropped, ...packages } = base.packages;
    expect(missingEntries({ ...base, packages })).toEqual(['node_modules/a -> a-darwin-arm64']);
  });

  it('names a missing required or development dependency of the root and the workspaces', () => {
    const { 'node_modules/d': _d, 'adapters/node_modules/c': _c, ...packages } = base.packages;
    expect(missingEntries({ ...base, packages })).toEqual(['(root) -> d', 'adapters -> c']);
  });

  it('refuses a version 1 lockfile, which lists packages by name only', () => {
    expect(missingEntries({ lockfileVersion: 1, packages: {} })).toHaveLength(1);
  });
});
