/**
 * The breaking changes from one wire shape to the next: what would break a client built on the old
 * one. Requests must accept everything they accepted (no removed or renamed operation, no new required
 * input, no type, enum value, range or pattern taken away, no field removed); responses must send
 * nothing the client was not told of (no field removed or made optional, no null or type added, no
 * success status changed, no problem code moved to another status). New operations, optional inputs,
 * response fields, response enum values and event types are additions, not breaks.
 */
import { isNode, type Json, type Node, type OperationShape, type WireShape } from './wire-shape';

/** One break: where (an operation and a JSON path in it), and what. */
export interface Break {
  readonly where: string;
  readonly what: string;
}

/** A schema read for comparison: its refs followed, `allOf` merged, null split off. */
interface Read {
  types: Set<string> | null;
  nullable: boolean;
  node: Node;
  properties: Record<string, Json>;
  required: Set<string>;
  variants: Json[];
}

const BOUNDS_UP = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const BOUNDS_DOWN = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

function read(schemas: Record<string, Json>, schema: Json, depth = 0): Read {
  let node: Json = schema;
  for (let i = 0; isNode(node) && typeof node.$ref === 'string' && i < 20; i++) {
    const { $ref, ...rest } = node;
    node = { ...rest, ...((schemas[String($ref).replace('#/schemas/', '')] as Node | undefined) ?? {}) };
  }
  const n: Node = isNode(node) ? { ...node } : {};
  const properties: Record<string, Json> = { ...((n.properties as Node | undefined) ?? {}) };
  const required = new Set(((n.required ?? []) as Json[]).map(String));
  if (Array.isArray(n.allOf) && depth < 10) {
    for (const member of n.allOf) {
      const m = read(schemas, member, depth + 1);
      Object.assign(properties, m.properties);
      m.required.forEach((r) => required.add(r));
      for (const [k, v] of Object.entries(m.node)) if (!(k in n) && k !== 'properties' && k !== 'required') n[k] = v;
    }
  }
  const alternatives = (n.oneOf ?? n.anyOf ?? []) as Json[];
  const isNull = (s: Json) => isNode(s) && s.type === 'null';
  const variants = alternatives.filter((s) => !isNull(s));
  let types: Set<string> | null = null;
  if (typeof n.type === 'string') types = new Set([n.type]);
  if (Array.isArray(n.type)) types = new Set(n.type.map(String));
  const nullable = alternatives.some(isNull) || (types?.has('null') ?? false);
  types?.delete('null');
  if (variants.length === 1 && !types) return { ...read(schemas, variants[0]!, depth + 1), nullable: true };
  return { types, nullable, node: n, properties, required, variants };
}

/** A variant's discriminating value (`type`'s enum or const), if it has one. */
function tag(schemas: Record<string, Json>, variant: Json): string | null {
  const type = read(schemas, variant).properties.type;
  if (!isNode(type)) return null;
  if (Array.isArray(type.enum) && type.enum.length === 1) return String(type.enum[0]);
  return type.const === undefined ? null : String(type.const);
}

/** Compares one schema in two shapes, in the direction the data flows. */
class Comparison {
  readonly breaks: Break[] = [];
  readonly #seen = new Set<string>();

  constructor(
    readonly old: Record<string, Json>,
    readonly now: Record<string, Json>,
  ) {}

  schema(where: string, path: string, o: Json, n: Json, direction: 'request' | 'response'): void {
    const key = `${direction}:${JSON.stringify(o)}:${JSON.stringify(n)}`;
    if (this.#seen.has(key) || path.length > 400) return;
    this.#seen.add(key);
    const a = read(this.old, o);
    const b = read(this.now, n);
    const add = (what: string) => this.breaks.push({ where, what: `${path || '(body)'}: ${what}` });
    const [wider, narrower] = direction === 'request' ? [a, b] : [b, a];
    // Every type the wider side has, the narrower must have too.
    if (narrower.types && (!wider.types || [...wider.types].some((t) => !narrower.types!.has(t)))) {
      if (!(wider.types?.has('integer') && narrower.types.has('number')))
        add(`type ${[...(a.types ?? ['any'])].join('|')} became ${[...(b.types ?? ['any'])].join('|')}`);
    }
    if (wider.nullable && !narrower.nullable)
      add(direction === 'request' ? 'null no longer accepted' : 'may now be null');
    this.enums(a, b, direction, add);
    this.bounds(a, b, direction, add);
    this.objects(where, path, a, b, direction, add);
    if (a.node.items !== undefined && b.node.items !== undefined)
      this.schema(where, `${path}[]`, a.node.items, b.node.items, direction);
    this.variants(where, path, a, b, direction, add);
  }

  private enums(a: Read, b: Read, direction: string, add: (what: string) => void): void {
    const values = (r: Read) =>
      Array.isArray(r.node.enum) ? r.node.enum.map(String) : r.node.const !== undefined ? [String(r.node.const)] : null;
    const [va, vb] = [values(a), values(b)];
    if (direction === 'request' && vb) {
      const lost = va ? va.filter((v) => !vb.includes(v)) : ['(any value)'];
      if (lost.length > 0) add(`no longer accepts ${lost.join(', ')}`);
    }
    if (direction === 'response' && va && !vb) add('is no longer one of a fixed set of values');
  }

  private bounds(a: Read, b: Read, direction: string, add: (what: string) => void): void {
    const [wider, narrower] = direction === 'request' ? [a.node, b.node] : [b.node, a.node];
    for (const k of BOUNDS_UP) {
      const [w, n] = [wider[k], narrower[k]];
      if (typeof n === 'number' && (typeof w !== 'number' || n > w))
        add(`${k} ${String(a.node[k])} became ${String(b.node[k])}`);
    }
    for (const k of BOUNDS_DOWN) {
      const [w, n] = [wider[k], narrower[k]];
      if (typeof n === 'number' && (typeof w !== 'number' || n < w))
        add(`${k} ${String(a.node[k])} became ${String(b.node[k])}`);
    }
    if (direction === 'request' && typeof b.node.pattern === 'string' && b.node.pattern !== a.node.pattern)
      add(`pattern ${String(a.node.pattern)} became ${b.node.pattern}`);
  }

  private objects(
    where: string,
    path: string,
    a: Read,
    b: Read,
    direction: 'request' | 'response',
    add: (what: string) => void,
  ): void {
    for (const name of Object.keys(a.properties)) {
      if (!(name in b.properties)) add(`field ${name} removed`);
      else this.schema(where, `${path}.${name}`, a.properties[name]!, b.properties[name]!, direction);
    }
    if (direction === 'request') {
      for (const name of b.required) if (!a.required.has(name)) add(`new required field ${name}`);
    } else {
      for (const name of a.required)
        if (name in b.properties && !b.required.has(name)) add(`field ${name} may now be absent`);
    }
  }

  private variants(
    where: string,
    path: string,
    a: Read,
    b: Read,
    direction: 'request' | 'response',
    add: (what: string) => void,
  ): void {
    if (a.variants.length === 0 || b.variants.length === 0) return;
    const byTag = new Map(b.variants.map((v, i) => [tag(this.now, v) ?? `#${i}`, v]));
    a.variants.forEach((variant, i) => {
      const name = tag(this.old, variant) ?? `#${i}`;
      const match = byTag.get(name);
      if (match) this.schema(where, `${path}<${name}>`, variant, match, direction);
      else if (direction === 'request') add(`variant ${name} no longer accepted`);
    });
  }
}

function operation(c: Comparison, where: string, o: OperationShape, n: OperationShape): void {
  const add = (what: string) => c.breaks.push({ where, what });
  if (o.id !== n.id) add(`operationId ${o.id} became ${n.id} (generated clients name their functions by it)`);
  for (const [name, p] of Object.entries(n.parameters)) {
    const before = o.parameters[name];
    if (p.required && !before?.required) add(`new required input ${name}`);
    if (before) c.schema(where, name, before.schema, p.schema, 'request');
  }
  for (const name of Object.keys(o.parameters)) if (!(name in n.parameters)) add(`input ${name} removed`);
  if (n.body?.required && !o.body?.required) add('a body is now required');
  if (o.body && n.body) c.schema(where, 'body', o.body.schema, n.body.schema, 'request');
  if (o.body && !n.body) add('the body is no longer taken');
  const statuses = (s: OperationShape) => Object.keys(s.responses).sort().join(', ');
  if (statuses(o) !== statuses(n)) add(`success statuses ${statuses(o)} became ${statuses(n)}`);
  for (const [status, r] of Object.entries(o.responses)) {
    const now = n.responses[status];
    if (!now) continue;
    c.schema(where, `${status}`, r.schema, now.schema, 'response');
    for (const [header, required] of Object.entries(r.headers)) {
      if (required && !now.headers[header]) add(`${status}: header ${header} no longer always sent`);
    }
  }
  const statusOf = (s: OperationShape, code: string) =>
    Object.keys(s.problems).find((st) => s.problems[st]!.includes(code));
  for (const codes of Object.values(o.problems)) {
    for (const code of codes) {
      const [before, after] = [statusOf(o, code), statusOf(n, code)];
      if (after && after !== before) add(`problem ${code} moved from ${before} to ${after}`);
    }
  }
}

/**
 * Every break from `old` to `now` (empty when a client of `old` works with `now`).
 * @example breakingChanges(released, wireShape(document)).map((b) => `${b.where}: ${b.what}`)
 */
export function breakingChanges(old: WireShape, now: WireShape): Break[] {
  const c = new Comparison(old.schemas, now.schemas);
  for (const [key, o] of Object.entries(old.operations)) {
    const n = now.operations[key];
    if (!n) c.breaks.push({ where: key, what: `operation ${o.id} removed (or moved)` });
    else operation(c, `${key} (${o.id})`, o, n);
  }
  for (const [name, body] of Object.entries(old.webhooks)) {
    if (!(name in now.webhooks)) c.breaks.push({ where: `webhook ${name}`, what: 'no longer sent' });
    else c.schema(`webhook ${name}`, 'body', body, now.webhooks[name]!, 'response');
  }
  return c.breaks;
}
