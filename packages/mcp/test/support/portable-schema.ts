/** Types Gemini's schema subset knows (`null` only beside another type). */
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'];
const ALLOWED = new Set([
  'type',
  'description',
  'properties',
  'required',
  'items',
  'enum',
  'default',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
]);

/**
 * Fails unless `schema` is acceptable to every provider at once: an object root; every node has
 * one known type (or that type and null); arrays have items; enums are strings; `required`
 * names existing properties; no keyword outside the portable set ($ref, anyOf, $schema...).
 */
export function assertPortable(schema: Record<string, unknown>, where: string): void {
  if (schema.type !== 'object') throw new Error(`${where}: root is not an object`);
  check(schema, where);
}

function check(node: Record<string, unknown>, where: string): void {
  for (const key of Object.keys(node)) {
    if (!ALLOWED.has(key)) throw new Error(`${where}: keyword ${key} is not portable`);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const named = types.filter((t) => t !== 'null');
  if (named.length !== 1 || !TYPES.includes(named[0] as string) || types.length > 2) {
    throw new Error(`${where}: type ${JSON.stringify(node.type)} is not portable`);
  }
  if (
    node.enum !== undefined &&
    (named[0] !== 'string' || !(node.enum as unknown[]).every((v) => typeof v === 'string'))
  ) {
    throw new Error(`${where}: enum is not a string enum`);
  }
  if (named[0] === 'object') {
    const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
    if (!properties || typeof properties !== 'object')
      throw new Error(`${where}: object without properties`);
    for (const name of (node.required as string[] | undefined) ?? []) {
      if (!(name in properties)) throw new Error(`${where}: required ${name} is not a property`);
    }
    for (const [key, value] of Object.entries(properties)) check(value, `${where}.${key}`);
  }
  if (named[0] === 'array') {
    if (!node.items || typeof node.items !== 'object')
      throw new Error(`${where}: array without items`);
    check(node.items as Record<string, unknown>, `${where}[]`);
  }
}
