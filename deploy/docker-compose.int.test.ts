import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_DOCUMENT_BYTES, TOO_LARGE_MESSAGE } from '@civicwatch/core';
import { configVariables, loadConfig } from '@civicwatch/adapters/config/config.ts';
import { buildTestApp, type TestApp } from '@civicwatch/api/testing/test-app.ts';
import { parseDockerfile } from '../scripts/dockerfile.ts';

/**
 * No container engine runs on the development machine, so docker-compose.yml is checked here instead: against
 * the configuration the app reads, the routes it serves, and the nginx file in front (ADR 0015).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  restart?: string;
  healthcheck?: { test?: string[]; disable?: boolean; interval?: string; retries?: number };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

// `merge`: the file shares the app's settings through YAML anchors and `<<` merge keys, as Compose reads them.
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const appServices = services.filter(([, s]) => s.build === '.');
/** The image's CMD (`node … serve`) with another `civicwatch` command: every service runs node itself, as the image does. */
const imageCommand = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).at(-1)!.cmd!;
const runningCommand = (command: string) =>
  appServices.filter(([, s]) => s.command?.join(' ') === [...imageCommand.slice(0, -1), command].join(' '));
const apis = runningCommand('serve');
const workers = runningCommand('worker');
const migrations = runningCommand('migrate');
const [proxyName, proxy] = services.find(([, s]) => s.image?.startsWith('nginx:'))!;

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?error}` from `shell`. */
const interpolate = (value: string, shell: Record<string, string>): string =>
  value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (shell[name]) return shell[name];
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? rest! : '';
  });
const environmentOf = (service: Service, shell: Record<string, string>) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), shell)]));
const shell = { SESSION_SECRET: 'compose-test-secret-0123456789abcdef-0123456789' };

const nginx = readFileSync(path.join(root, 'deploy/nginx/civicwatch.conf'), 'utf8');
const directive = (name: string, block = nginx) => [...block.matchAll(new RegExp(`^\\s*${name}\\s+([^;{\\n]+);`, 'gm'))].map((m) => m[1]!.trim());
/** `location PATH { … }` blocks by path; a block ends at a line holding only its closing brace. */
const locations = new Map([...nginx.matchAll(/^\s*location (\S+) \{([\s\S]*?)\n\s*\}$/gm)].map((m) => [m[1]!, m[2]!]));
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
const healthUrl = (service: Service) => /fetch\('([^']+)'\)|(http:\/\/\S+)$/.exec(service.healthcheck?.test?.join(' ') ?? '')?.slice(1).find(Boolean);

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, one migration, two API instances, two workers, Ollama and one proxy', () => {
    expect(services.find(([, s]) => s.image?.startsWith('postgres:'))).toBeDefined();
    expect(services.find(([, s]) => s.image?.startsWith('ollama/ollama'))).toBeDefined();
    expect(migrations).toHaveLength(1);
    expect(apis).toHaveLength(2);
    expect(workers).toHaveLength(2);
    expect(proxy).toBeDefined();
    // Every app service is one of those three roles.
    expect(appServices).toHaveLength(5);
  });

  it('gives the app only variables its configuration reads, and a configuration it accepts, on the PostgreSQL server', () => {
    const postgres = compose.services.postgres!.environment!;
    for (const [name, service] of appServices) {
      const environment = environmentOf(service, shell);
      expect(Object.keys(environment).filter((v) => !configVariables.includes(v)), name).toEqual([]);
      const config = loadConfig(environment);
      expect(config.database.kind, name).toBe('server');
      const database = new URL(environment.DATABASE_URL!);
      expect([database.hostname, database.port, database.username, database.password, database.pathname], name)
        .toEqual(['postgres', '5432', postgres.POSTGRES_USER, postgres.POSTGRES_PASSWORD, `/${postgres.POSTGRES_DB}`]);
      expect(new URL(environment.OLLAMA_HOST!).hostname, name).toBe('ollama');
      expect(config.host, name).toBe('0.0.0.0');
    }
  });

  it('makes the API instances, which only the proxy reaches, trust its X-Forwarded-For, whatever PUBLIC_URL is', () => {
    for (const publicUrl of ['http://localhost:3000', 'https://civicwatch.example']) {
      for (const [name, service] of apis) {
        const environment = environmentOf(service, { ...shell, PUBLIC_URL: publicUrl });
        // Set in the file, not left to a default: TRUST_PROXY is off unless set.
        expect(environment.TRUST_PROXY, name).toBe('true');
        expect(loadConfig(environment).trustProxy, `${name} sits behind the proxy`).toBe(true);
      }
    }
  });

  it('refuses to start without a SESSION_SECRET, which every instance must share', () => {
    for (const [name, service] of appServices) {
      expect(() => environmentOf(service, {}), name).toThrow(/SESSION_SECRET/);
    }
  });

  it('leaves analyses to the workers: the API instances run none themselves', () => {
    for (const [name, service] of apis) expect(environmentOf(service, shell).ANALYSIS_WORKERS, name).toBe('0');
    for (const [name, service] of workers) expect(environmentOf(service, shell).ANALYSIS_WORKERS, name).toBeUndefined();
  });

  it('publishes one port, the proxy\'s, where PUBLIC_URL says users reach it', () => {
    expect(services.filter(([, s]) => s.ports).map(([name]) => name)).toEqual([proxyName]);
    const [published, target] = proxy.ports![0]!.split(':');
    const publicUrl = new URL(loadConfig(environmentOf(apis[0]![1], shell)).publicUrl);
    expect(published).toBe(publicUrl.port);
    expect(directive('listen')).toEqual([target]);
  });

  it('mounts the committed nginx file, whose upstreams are the API services on their PORT', () => {
    const [source, mountedAt] = proxy.volumes![0]!.split(':');
    expect(existsSync(path.join(root, source!))).toBe(true);
    expect(mountedAt).toBe('/etc/nginx/conf.d/default.conf');
    const upstreams = directive('server').map((s) => s.split(/\s+/)[0]);
    expect(upstreams).toEqual(apis.map(([name, service]) => `${name}:${loadConfig(environmentOf(service, shell)).port}`));
  });

  it('lets an upload of the largest document through, and refuses bigger ones in the API\'s own words', () => {
    const limit = /^(\d+)m$/.exec(directive('client_max_body_size')[0]!);
    expect(Number(limit![1]) * 1024 * 1024).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    expect(directive('error_page')).toEqual(['413 = @too_large']);
    const body = /return 413 '([^']+)'/.exec(locations.get('@too_large')!)![1]!;
    expect(JSON.parse(body)).toEqual({ code: 'document.too_large', message: TOO_LARGE_MESSAGE });
  });

  it('lets nginx close an idle connection to an instance before the instance does', () => {
    const seconds = /^(\d+)s$/.exec(directive('keepalive_timeout')[0]!);
    for (const [name, service] of apis) {
      expect(Number(seconds![1]) * 1000, name).toBeLessThan(loadConfig(environmentOf(service, shell)).http.keepAliveTimeoutMs);
    }
  });

  it('passes the client\'s own address, replacing any it claims', () => {
    expect(directive('proxy_set_header')).toContain('X-Forwarded-For $remote_addr');
  });

  it('starts each service after what it needs, in a state Compose can tell', () => {
    const healthChecked = new Set(services.filter(([, s]) => s.healthcheck?.test).map(([name]) => name));
    for (const [name, service] of services) {
      for (const [dependency, { condition, required }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        if (compose.services[dependency]!.profiles) expect(required, `${name}: ${dependency} is optional`).toBe(false);
        if (condition === 'service_healthy') expect(healthChecked.has(dependency), `${dependency} has a health check`).toBe(true);
        if (condition === 'service_completed_successfully') expect(migrations.map(([n]) => n)).toContain(dependency);
      }
    }
    for (const [name, service] of [...apis, ...workers]) {
      expect(service.depends_on?.[migrations[0]![0]]?.condition, name).toBe('service_completed_successfully');
    }
    expect(migrations[0]![1].depends_on?.postgres?.condition).toBe('service_healthy');
    expect(migrations[0]![1].restart).toBe('no');
    expect(Object.fromEntries(Object.entries(proxy.depends_on!).map(([n, d]) => [n, d.condition])))
      .toEqual(Object.fromEntries(apis.map(([n]) => [n, 'service_healthy'])));
  });

  it('checks the health of PostgreSQL, the APIs and the proxy, and turns the image\'s check off where no HTTP is served', () => {
    const postgres = compose.services.postgres!;
    expect(postgres.healthcheck?.test).toEqual(['CMD', 'pg_isready', '-U', postgres.environment!.POSTGRES_USER, '-d', postgres.environment!.POSTGRES_DB]);
    for (const [name, service] of apis) {
      const port = loadConfig(environmentOf(service, shell)).port;
      expect(portOf(new URL(healthUrl(service)!)), name).toBe(String(port));
    }
    expect(portOf(new URL(healthUrl(proxy)!))).toBe(directive('listen')[0]);
    for (const [name, service] of [...workers, ...migrations]) expect(service.healthcheck, name).toEqual({ disable: true });
  });

  it('keeps the data of PostgreSQL and Ollama in declared volumes', () => {
    const named = services.flatMap(([, s]) => (s.volumes ?? []).map((v) => v.split(':')[0]!)).filter((v) => !v.startsWith('.'));
    expect(new Set(named)).toEqual(new Set(Object.keys(compose.volumes)));
    expect(compose.services.postgres!.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(compose.services.ollama!.volumes).toEqual(['ollama-data:/root/.ollama']);
  });
});

describe('docker-compose.yml against the running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('health-checks the APIs and the proxy on the endpoint that answers the database\'s state', async () => {
    for (const service of [apis[0]![1], proxy]) {
      const response = await t.app.inject({ method: 'GET', url: new URL(healthUrl(service)!).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  it('streams progress unbuffered on the path the app serves its events on', async () => {
    const unbuffered = [...locations].filter(([, block]) => directive('proxy_buffering', block).includes('off')).map(([prefix]) => prefix);
    expect(unbuffered).toHaveLength(1);
    const [prefix] = unbuffered;
    // A real route: a signed-out watcher is refused (401), where an unknown path would answer 404.
    const response = await t.app.inject({ method: 'GET', url: `${prefix}${randomUUID()}` });
    expect(response.statusCode).toBe(401);
  });
});
