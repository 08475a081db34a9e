// The Stripe API's wire format, as the official SDKs and Stripe.js speak it: form-encoded parameters in
// bracket notation, `expand[]`, and the error object `{ error: { type, code, message, ... } }`.

/** A parameter value as it arrives: a string, or nested objects and arrays of them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/** The JSON of a Stripe object as the fake answers it. */
export type StripeJson = { [key: string]: unknown };

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: StripeJson;
  payment_method?: StripeJson;
}

/** A refusal the fake answers with Stripe's status and error object. */
export class FakeStripeError extends Error {
  constructor(readonly status: number, readonly body: StripeErrorBody) {
    super(body.message);
  }

  static resourceMissing(objectName: string, id: string, param = 'id'): FakeStripeError {
    return new FakeStripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${objectName}: '${id}'`,
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    });
  }

  static invalidRequest(message: string, param?: string, code?: string): FakeStripeError {
    return new FakeStripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
  }
}

/**
 * Parses `a[b][0][c]=v&expand[]=x` into nested objects and arrays, as Stripe does: a bracket segment that
 * is empty or numeric makes an array.
 */
export function parseForm(encoded: string): FormParams {
  const root: { [key: string]: unknown } = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw FakeStripeError.invalidRequest(`Invalid parameter name: ${rawKey}`);
    const segments = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    let node = root;
    segments.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object' && next !== null) {
        node = next as { [key: string]: unknown };
      } else {
        const created: { [key: string]: unknown } = {};
        node[key] = created;
        node = created;
      }
    });
  }
  return arraysFromIndexedObjects(root) as FormParams;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as { [key: string]: unknown }).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** Refuses any top-level parameter this endpoint does not take, as Stripe does. */
export function onlyParams(params: FormParams, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw FakeStripeError.invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    }
  }
}

export function optionalString(params: FormParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw FakeStripeError.invalidRequest(`Invalid string: ${name}`, name, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: FormParams, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw FakeStripeError.invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
  return value;
}

export function optionalInteger(params: FormParams, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw FakeStripeError.invalidRequest(`Invalid integer: ${value}`, name, 'parameter_invalid_integer');
  return Number(value);
}

export function optionalBoolean(params: FormParams, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw FakeStripeError.invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function optionalObject(params: FormParams, name: string): FormParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw FakeStripeError.invalidRequest(`Invalid object: ${name}`, name);
  return value;
}

export function optionalArray(params: FormParams, name: string): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw FakeStripeError.invalidRequest(`Invalid array: ${name}`, name);
  return value;
}

/** `metadata[key]=value` pairs; an empty value removes the key, as on Stripe. */
export function metadataParam(params: FormParams, name = 'metadata'): Record<string, string> | undefined {
  const value = optionalObject(params, name);
  if (!value) return undefined;
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw FakeStripeError.invalidRequest(`Invalid metadata value for ${key}`, `${name}[${key}]`);
    if (entry !== '') metadata[key] = entry;
  }
  return metadata;
}

/** The requested expansions as a tree: `latest_invoice.payments` → latest_invoice → payments. */
export type ExpandTree = Map<string, ExpandTree>;

export function expandTree(params: FormParams): ExpandTree {
  const tree: ExpandTree = new Map();
  const value = params.expand;
  if (value === undefined) return tree;
  const paths = Array.isArray(value) ? value : [value];
  for (const path of paths) {
    if (typeof path !== 'string') throw FakeStripeError.invalidRequest('Invalid expand', 'expand');
    let node = tree;
    for (const part of path.split('.')) {
      const next = node.get(part) ?? new Map();
      node.set(part, next);
      node = next;
    }
  }
  return tree;
}

/** Refuses an expansion the object does not offer: Stripe's answer to a path from another API version. */
export function onlyExpansions(tree: ExpandTree, allowed: readonly string[]): void {
  for (const key of tree.keys()) {
    if (!allowed.includes(key)) throw FakeStripeError.invalidRequest(`This property cannot be expanded (${key}).`, 'expand');
  }
}
