/**
 * What `npm ci` needs of package-lock.json: an entry for every package it may install, on every platform.
 * npm records a platform's optional binaries (`@napi-rs/canvas-darwin-arm64`, ...) only when the machine that
 * wrote the lockfile resolved them; one written without them installs nothing on macOS, on arm64 or in the image,
 * and `npm install` there rewrites the lockfile (issue 16).
 */

/** One entry of `packages` in a lockfile of version 2 or 3. */
interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  link?: boolean;
}
export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/**
 * Where Node finds `name` from the package at `location`: its own node_modules, then each enclosing one up to
 * the root's; null when no entry holds it. Workspaces (`adapters`, `apps/api`) resolve from their folder up.
 */
export function resolveEntry(lock: Lockfile, location: string, name: string): string | null {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const enclosing = base.lastIndexOf('/node_modules/');
    base = enclosing < 0 ? '' : base.slice(0, enclosing);
  }
}

/**
 * Every dependency the lockfile names but holds no entry for, as `location -> name`: the optional ones of every
 * platform, the required ones, and the development ones of the root and the workspaces (which `npm ci` installs).
 */
export function missingEntries(lock: Lockfile): string[] {
  if (lock.lockfileVersion < 2) return ['lockfileVersion 2 or later is needed: it lists every package by location'];
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    // The root and the workspaces; a package's own development dependencies are never installed.
    const project = !location.includes('node_modules/');
    const names = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...(project ? entry.devDependencies : {}) });
    for (const name of names) {
      if (!resolveEntry(lock, location, name)) missing.push(`${location || '(root)'} -> ${name}`);
    }
  }
  return missing;
}
