import { assertPortable } from '../test/support/portable-schema';
import { normalizeSchemaForProviders } from './provider-schema';

describe('normalizeSchemaForProviders', () => {
  it('drops $schema and keeps a plain object schema as it is', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where' },
        n: { type: 'number', default: 3, minimum: 1 },
      },
      required: ['path'],
      additionalProperties: false,
    };
    expect(normalizeSchemaForProviders(schema)).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where' },
        n: { type: 'number', default: 3, minimum: 1 },
      },
      required: ['path'],
    });
  });

  it('inlines $ref from $defs and definitions, and stops at a cycle', () => {
    const schema = {
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      definitions: {
        node: { type: 'object', properties: { child: { $ref: '#/definitions/node' } } },
      },
      properties: {
        at: { $ref: '#/$defs/point', description: 'The spot' },
        tree: { $ref: '#/definitions/node' },
      },
    };
    const out = normalizeSchemaForProviders(schema);
    expect(out.properties).toEqual({
      at: {
        type: 'object',
        description: 'The spot',
        properties: { x: { type: 'number' } },
        required: ['x'],
      },
      tree: {
        type: 'object',
        properties: {
          child: {
            type: 'object',
            properties: {},
            description: 'a nested value of the same shape as its parent',
          },
        },
      },
    });
    assertPortable(out, 'refs');
  });

  it('turns nullable unions into a type pair and titled enums into string enums', () => {
    const out = normalizeSchemaForProviders({
      type: 'object',
      properties: {
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Optional text' },
        hero: {
          type: 'string',
          oneOf: [
            { const: 'h1', title: 'Superman' },
            { const: 'h2', title: 'Batman' },
          ],
        },
        level: { enum: [1, 2, 3] },
        fixed: { const: 'v1' },
      },
    });
    expect(out.properties).toEqual({
      maybe: { type: ['string', 'null'], description: 'Optional text' },
      hero: { type: 'string', enum: ['h1', 'h2'] },
      level: { type: 'integer', description: 'one of 1, 2, 3' },
      fixed: { type: 'string', enum: ['v1'] },
    });
    assertPortable(out, 'unions');
  });

  it('merges allOf and object unions, keeping only what every shape requires', () => {
    const out = normalizeSchemaForProviders({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'integer' } }, required: ['b'] },
      ],
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            {
              type: 'object',
              properties: { id: { type: 'string' }, name: { type: 'string' } },
              required: ['id', 'name'],
            },
          ],
        },
        mixed: { anyOf: [{ type: 'number' }, { type: 'string' }] },
      },
    });
    expect(out.required).toEqual(['a', 'b']);
    expect(out.properties).toMatchObject({
      a: { type: 'string' },
      b: { type: 'integer' },
      target: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
      mixed: { type: 'number', description: 'also accepts: string' },
    });
    assertPortable(out, 'merged');
  });

  it('gives arrays items, untyped values a type, and drops what providers reject', () => {
    const out = normalizeSchemaForProviders({
      type: 'object',
      properties: {
        list: { type: 'array' },
        tuple: { type: 'array', items: [{ type: 'number' }] },
        anything: { description: 'Any value' },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        odd: { type: 'string', if: {}, then: {}, not: {}, patternProperties: {}, examples: ['x'] },
      },
      required: ['list', 'missing'],
    });
    expect(out.required).toEqual(['list']);
    expect(out.properties).toEqual({
      list: { type: 'array', items: { type: 'string' } },
      tuple: { type: 'array', items: { type: 'number' } },
      anything: { type: 'string', description: 'Any value' },
      map: { type: 'object', properties: {}, description: 'an object of named values' },
      odd: { type: 'string' },
    });
    assertPortable(out, 'misc');
  });

  it('always gives an object root', () => {
    expect(normalizeSchemaForProviders(undefined)).toEqual({ type: 'object', properties: {} });
    expect(normalizeSchemaForProviders({ type: 'string' })).toEqual({
      type: 'object',
      properties: {},
    });
    expect(normalizeSchemaForProviders({ properties: { a: { type: 'boolean' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'boolean' } },
    });
  });

  it('bounds a schema whose $refs multiply at every level: small, and done at once', () => {
    // 9 levels of 10 properties, each a $ref to the next level: 10^9 nodes when inlined.
    const $defs: Record<string, unknown> = {};
    for (let level = 0; level < 9; level++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 10; i++) {
        properties[`p${i}`] = level < 8 ? { $ref: `#/$defs/l${level + 1}` } : { type: 'string' };
      }
      $defs[`l${level}`] = { type: 'object', properties };
    }
    const schema = { type: 'object', properties: { root: { $ref: '#/$defs/l0' } }, $defs };
    expect(JSON.stringify(schema).length).toBeLessThan(4096);
    const normalized = normalizeSchemaForProviders(schema);
    assertPortable(normalized, 'multiplied refs');
    // The first levels are described; what did not fit is summarized.
    const root = (normalized.properties as Record<string, any>).root;
    expect(Object.keys(root.properties)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));
    const text = JSON.stringify(normalized);
    expect(text).toContain('too large to describe here');
    expect(text.length).toBeLessThan(100_000);
  });
});
