import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { SESSION_COOKIE } from './sessions.ts';

interface Schema { $ref?: string; type?: string; format?: string; properties?: Record<string, Schema>; [key: string]: unknown }
interface Answer { description: string; content?: Record<string, { schema: Schema }> }
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
}

let t: TestApp;
let document: Document;
let operations: Array<{ method: string; path: string; operation: Operation }>;
beforeAll(async () => {
  t = await buildTestApp();
  const answer = await t.app.inject({ url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json<Document>();
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
});
afterAll(async () => { await t?.close(); });

const name = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
/** Every `$ref` anywhere under `node`. */
const refsIn = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsIn(value)));
};
const component = (ref: string | undefined) => ref?.replace('#/components/schemas/', '');

describe('the OpenAPI document at /api/docs/json', () => {
  it('documents every route, each with an operationId of its own', () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id), 'operations without an operationId').toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'operationIds used twice').toEqual([]);
    expect(document.paths['/api/login']?.post?.operationId).toBe('signIn');
  });

  it('names the contracts as components and refers to them, every reference resolving', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['UserView', 'SignInInput', 'ErrorBody', 'AnalyzeResponse', 'CompareResponse']));
    const login = document.paths['/api/login']!.post!;
    expect(component(login.requestBody?.content['application/json']?.schema.$ref)).toBe('SignInInput');
    expect(component(login.responses['200']?.content?.['application/json']?.schema.$ref)).toBe('UserView');
    const refs = new Set(refsIn(document).map(component));
    expect([...refs].filter((ref) => !ref || !schemas[ref]), 'references to missing components').toEqual([]);
    expect(Object.keys(schemas).filter((schema) => !refs.has(schema)), 'components nothing refers to').toEqual([]);
  });

  it('describes every answer, and answers every error with the error body', () => {
    const answers = operations.flatMap((op) => Object.entries(op.operation.responses).map(([status, answer]) => ({ at: `${name(op)} ${status}`, status, answer })));
    expect(answers.filter(({ answer }) => !answer.description || answer.description === 'Default Response').map(({ at }) => at)).toEqual([]);
    const errors = answers.filter(({ status }) => Number(status) >= 400);
    expect(errors.length).toBeGreaterThan(100);
    expect(errors.filter(({ answer }) => component(answer.content?.['application/json']?.schema.$ref) !== 'ErrorBody').map(({ at }) => at)).toEqual([]);
    expect(answers.filter(({ status, answer }) => status === '204' && answer.content).map(({ at }) => at), '204 answers with a body').toEqual([]);
    expect(document.paths['/api/login']!.post!.responses['401']?.description).toBe('Wrong e-mail address or password');
    expect(document.paths['/api/user']!.get!.responses['401']?.description).toMatch(/^Not signed in/);
  });

  it('documents the multipart bodies of analysing and comparing, file parts as binary', () => {
    const form = (path: string) => document.paths[path]!.post!.requestBody?.content['multipart/form-data']?.schema.properties ?? {};
    const analyze = form('/api/analyze');
    expect(analyze.document).toMatchObject({ type: 'string', format: 'binary' });
    for (const field of ['text', 'title', 'analysisType', 'country', 'state', 'customPrompt', 'progressId']) {
      expect(analyze[field], field).toMatchObject({ type: 'string', description: expect.any(String) });
    }
    const compare = form('/api/compare');
    expect(compare.before).toMatchObject({ type: 'string', format: 'binary' });
    expect(compare.after).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(compare)).toEqual(expect.arrayContaining(['beforeTitle', 'afterTitle', 'progressId']));
  });

  it('has the session cookie as its security scheme, on exactly the operations that answer 401 when signed out', async () => {
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
    const documented: string[] = [];
    const refused: string[] = [];
    for (const op of operations) {
      if (op.operation.security?.some((requirement) => 'session' in requirement)) documented.push(name(op));
      const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const withBody = !['GET', 'DELETE'].includes(op.method) || op.operation.requestBody;
      const answer = await t.app.inject({ method: op.method as 'GET', url, ...(withBody ? { payload: {} } : {}) });
      if (answer.statusCode === 401 && answer.json<{ code: string }>().code === 'auth.unauthorized') refused.push(name(op));
    }
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.sort()).toEqual(refused.sort());
  });
});
