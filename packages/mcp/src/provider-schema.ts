/**
 * Makes an MCP tool's input JSON Schema acceptable to every provider's schema dialect at once:
 *
 * - OpenAI (Chat and Responses, non-strict): object root, no root `anyOf`/`oneOf`/`enum`, and
 *   every array needs `items` ("array schema missing items").
 * - Anthropic and Bedrock: an object root; the adapters add `type: 'object'`.
 * - Gemini through Genkit: the plugin keeps only `type`, `description`, `enum`, `nullable`,
 *   `properties`, `required` and `items`; a property without `type` is dropped (and a `required`
 *   naming it is then rejected), a type it does not know (`null`) throws, and enums are strings.
 * - The text transport prints the schema: smaller is better.
 *
 * So: `$ref`s are inlined (a cycle becomes a plain object), `allOf` is merged, `anyOf`/`oneOf`
 * collapse to one shape (a nullable type when one branch is `null`, merged properties when all
 * branches are objects, else the first branch, the others named in the description), every node
 * gets one `type` (a `[type, "null"]` pair at most), non-string enums and `const` move into the
 * description, and keywords outside a small portable set are dropped. The tool still validates
 * calls against the server's original schema, so a narrower advertised shape loses nothing.
 *
 * The copy is bounded: past MAX_NODES nodes (`$ref`s reused at every level multiply, 9 levels
 * of 10 under 1 KB would be 10^9 nodes), the rest is summarized, so converting never takes long
 * and no request grows by megabytes.
 */
export function normalizeSchemaForProviders(schema: unknown): Record<string, unknown> {
  const root = isObject(schema) ? schema : {};
  const context: Context = { root, stack: [], nodesLeft: MAX_NODES };
  const normalized = normalizeNode(root, context, 0);
  if (normalized.type !== 'object') {
    // A non-object root cannot be a tool input for any provider: wrap nothing, accept an object.
    return { type: 'object', properties: {} };
  }
  if (!isObject(normalized.properties)) normalized.properties = {};
  return normalized;
}

type Json = Record<string, unknown>;

interface Context {
  root: Json;
  /** `$ref`s being inlined, to stop at cycles. */
  stack: string[];
  /** Nodes the copy may still hold. */
  nodesLeft: number;
}

const MAX_DEPTH = 24;
/** Nodes in one tool's portable schema (a hand-written schema has tens, a large one hundreds). */
const MAX_NODES = 1000;
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);
/** Keywords kept beside the structural ones: understood everywhere, or dropped harmlessly. */
const KEPT = [
  'description',
  'default',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const;

function normalizeNode(input: Json, context: Context, depth: number): Json {
  if (depth > MAX_DEPTH) {
    return { type: 'object', properties: {}, description: 'nested too deeply to describe' };
  }
  if (context.nodesLeft <= 0) {
    return { type: 'object', properties: {}, description: 'too large to describe here' };
  }
  context.nodesLeft--;
  let node = resolveRef(input, context);
  if (node === undefined)
    return { type: 'object', properties: {}, description: describeCycle(input) };
  const ref = typeof input.$ref === 'string' ? input.$ref : undefined;
  if (ref) context.stack.push(ref);
  try {
    node = mergeAllOf(node, context);
    const union = (Array.isArray(node.anyOf) ? node.anyOf : node.oneOf) as unknown[] | undefined;
    if (Array.isArray(union)) return collapseUnion(node, union, context, depth);
    return normalizeTyped(node, context, depth);
  } finally {
    if (ref) context.stack.pop();
  }
}

function normalizeTyped(node: Json, context: Context, depth: number): Json {
  const { type, nullable } = pickType(node);
  const out: Json = { type: nullable ? [type, 'null'] : type };
  for (const key of KEPT) if (node[key] !== undefined) out[key] = node[key];
  const notes: string[] = [];

  if (Array.isArray(node.enum)) {
    if (type === 'string' && node.enum.every((v) => typeof v === 'string')) out.enum = node.enum;
    else notes.push(`one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (node.const !== undefined) {
    if (typeof node.const === 'string') out.enum = [node.const];
    else notes.push(`exactly ${JSON.stringify(node.const)}`);
  }
  if (type === 'object') {
    const properties: Json = {};
    if (isObject(node.properties)) {
      for (const [key, value] of Object.entries(node.properties)) {
        properties[key] = normalizeNode(isObject(value) ? value : {}, context, depth + 1);
      }
    }
    out.properties = properties;
    if (Array.isArray(node.required)) {
      const required = node.required.filter(
        (name): name is string => typeof name === 'string' && name in properties,
      );
      if (required.length > 0) out.required = [...new Set(required)];
    }
    if (isObject(node.additionalProperties) && Object.keys(properties).length === 0) {
      notes.push('an object of named values');
    }
  } else if (type === 'array') {
    const items = Array.isArray(node.items) ? node.items[0] : node.items;
    out.items = normalizeNode(isObject(items) ? items : { type: 'string' }, context, depth + 1);
  }
  if (notes.length > 0) out.description = appendNote(out.description, notes.join('; '));
  return out;
}

/** The node's one type: declared, or guessed from its keywords; untyped values become strings. */
function pickType(node: Json): { type: string; nullable: boolean } {
  const declared = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const nullable = declared.includes('null') || node.nullable === true;
  const named = declared.find((t): t is string => typeof t === 'string' && GEMINI_TYPES.has(t));
  if (named) return { type: named, nullable };
  if (isObject(node.properties) || isObject(node.additionalProperties)) {
    return { type: 'object', nullable };
  }
  if (node.items !== undefined) return { type: 'array', nullable };
  const sample = Array.isArray(node.enum) ? node.enum[0] : node.const;
  if (typeof sample === 'number')
    return { type: Number.isInteger(sample) ? 'integer' : 'number', nullable };
  if (typeof sample === 'boolean') return { type: 'boolean', nullable };
  return { type: 'string', nullable };
}

function collapseUnion(node: Json, union: unknown[], context: Context, depth: number): Json {
  const rest: Json = { ...node };
  delete rest.anyOf;
  delete rest.oneOf;
  const branches = union.filter(isObject).map((branch) => resolveRef(branch, context) ?? {});
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  const nullable = nonNull.length < branches.length;
  let chosen: Json;
  let note: string | undefined;
  if (nonNull.length === 0) {
    chosen = { type: 'string' };
  } else if (nonNull.every((branch) => branch.const !== undefined || Array.isArray(branch.enum))) {
    // A titled enum: `oneOf: [{const, title}, ...]`.
    const values = nonNull.flatMap((branch) =>
      branch.const !== undefined ? [branch.const] : (branch.enum as unknown[]),
    );
    chosen = { enum: values };
  } else if (
    nonNull.every((branch) => pickType(branch).type === 'object' && !branch.anyOf && !branch.oneOf)
  ) {
    chosen = mergeObjects(
      nonNull.map((branch) => normalizeNode(branch, context, depth + 1)),
      false,
    );
    if (nonNull.length > 1) note = 'one of several shapes: give the properties of one of them';
  } else {
    chosen = nonNull[0]!;
    if (nonNull.length > 1) {
      const others = nonNull.slice(1).map((branch) => pickType(branch).type);
      note = `also accepts: ${[...new Set(others)].join(', ')}`;
    }
  }
  const merged: Json = { ...chosen, ...withoutStructure(rest) };
  if (nullable) merged.nullable = true;
  const out = normalizeNode(merged, context, depth + 1);
  if (note) out.description = appendNote(out.description, note);
  return out;
}

function mergeAllOf(node: Json, context: Context): Json {
  if (!Array.isArray(node.allOf)) return node;
  const rest: Json = { ...node };
  delete rest.allOf;
  const parts = node.allOf.filter(isObject).map((part) => resolveRef(part, context) ?? {});
  return mergeObjects([rest, ...parts], true);
}

/** Properties united; `required` united (`allOf`) or kept where every shape requires it. */
function mergeObjects(parts: Json[], all: boolean): Json {
  const out: Json = {};
  const properties: Json = {};
  const requiredSets: string[][] = [];
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' || key === 'required') continue;
      if (out[key] === undefined) out[key] = value;
    }
    if (isObject(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) requiredSets.push(part.required as string[]);
    else if (!all && isObject(part.properties)) requiredSets.push([]);
  }
  if (Object.keys(properties).length > 0 || out.type === 'object') {
    out.type = 'object';
    out.properties = properties;
  }
  const required = all
    ? [...new Set(requiredSets.flat())]
    : requiredSets.length > 0
      ? requiredSets.reduce((a, b) => a.filter((name) => b.includes(name)))
      : [];
  if (required.length > 0) out.required = required;
  return out;
}

function withoutStructure(node: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'properties' || key === 'required' || key === 'items') continue;
    out[key] = value;
  }
  return out;
}

/** The node a `$ref` points to (local refs only), the node itself without one; undefined on a cycle. */
function resolveRef(node: Json, context: Context): Json | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (context.stack.includes(ref)) return undefined;
  const target = lookup(context.root, ref);
  const rest: Json = { ...node };
  delete rest.$ref;
  if (!target) return { type: 'object', ...rest };
  return { ...target, ...rest };
}

function lookup(root: Json, ref: string): Json | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return isObject(current) ? current : undefined;
}

function describeCycle(node: Json): string {
  return appendNote(
    typeof node.description === 'string' ? node.description : undefined,
    'a nested value of the same shape as its parent',
  );
}

function appendNote(description: unknown, note: string): string {
  return typeof description === 'string' && description.trim() !== ''
    ? `${description} (${note})`
    : note;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
