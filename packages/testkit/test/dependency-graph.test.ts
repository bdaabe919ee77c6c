import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkGraph,
  importsOf,
  readWorkspace,
  workspaceEdges,
  type WorkspaceUnit,
} from './support/workspace-graph';

const ROOT = path.resolve(__dirname, '../../..');

/** The names a unit's package.json ships with (dependencies and peers, not dev ones). */
function shipped(unit: WorkspaceUnit): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, unit.dir, 'package.json'), 'utf8'));
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
}

function unit(
  name: string,
  declared: string[],
  imported: string[] = declared,
  kind: WorkspaceUnit['kind'] = 'package',
): WorkspaceUnit {
  const dir = kind === 'app' ? `apps/${name}` : `packages/${name.replace('@agent/', '')}`;
  return {
    name,
    kind,
    dir,
    declared,
    imports: imported.map((specifier) => ({ file: `${dir}/src/index.ts`, specifier })),
  };
}

/** The graph of DESIGN.md, which must pass. */
function designGraph(): WorkspaceUnit[] {
  return [
    unit('@agent/tool-contract', ['zod']),
    unit('@agent/tools', ['@agent/tool-contract', 'zod']),
    unit('@agent/llm', ['@agent/tools', 'openai', '@agent/testkit']),
    unit('@agent/session', ['@agent/llm', '@agent/tool-contract']),
    unit('@agent/askuser', ['@agent/tool-contract']),
    unit('@agent/subagents', ['@agent/llm', '@agent/tools']),
    unit('@agent/mcp', ['@agent/tools', '@modelcontextprotocol/sdk', 'zod']),
    unit('@agent/testkit', []),
    unit(
      'headless',
      ['@agent/tools', '@agent/llm', '@agent/session', '@agent/subagents'],
      [],
      'app',
    ),
    unit('repl', ['@agent/askuser', '@agent/llm', '@agent/session', 'acp'], [], 'app'),
    unit('acp', ['@agent/askuser', '@agent/runtime', '@agentclientprotocol/sdk'], [], 'app'),
  ];
}

function replace(graph: WorkspaceUnit[], changed: WorkspaceUnit): WorkspaceUnit[] {
  return graph.map((u) => (u.name === changed.name ? changed : u));
}

describe('the workspace dependency graph', () => {
  const units = readWorkspace(ROOT);

  it('covers every package and app of the workspace', () => {
    const names = units.map((u) => u.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        '@agent/askuser',
        '@agent/llm',
        '@agent/runtime',
        '@agent/mcp',
        '@agent/session',
        '@agent/subagents',
        '@agent/testkit',
        '@agent/tool-contract',
        '@agent/tools',
        'headless',
        'repl',
        'acp',
      ]),
    );
    const llm = units.find((u) => u.name === '@agent/llm')!;
    expect(llm.imports.some((ref) => ref.specifier === '@agent/tools')).toBe(true);
  });

  it('follows the dependency rules of DESIGN.md', () => {
    expect(checkGraph(units)).toEqual([]);
  });

  it('keeps @agent/askuser out of headless, subagents and mcp entirely', () => {
    const edges = workspaceEdges(units);
    expect(edges.get('headless')).not.toContain('@agent/askuser');
    expect(edges.get('@agent/subagents')).not.toContain('@agent/askuser');
    expect(edges.get('@agent/runtime')).not.toContain('@agent/askuser');
    expect(edges.get('headless')).toContain('@agent/runtime');
    expect(edges.get('@agent/mcp')).not.toContain('@agent/askuser');
    expect(edges.get('repl')).toContain('@agent/askuser');
    // The editor's agent asks the person in the editor: it may have ask_user.
    expect(edges.get('acp')).toContain('@agent/askuser');
    expect(edges.get('acp')).toContain('@agent/runtime');
  });

  it('gives @agent/askuser the tool contract alone, and the contract no workspace package', () => {
    const edges = workspaceEdges(units);
    expect(edges.get('@agent/tool-contract')).toEqual([]);
    expect(edges.get('@agent/askuser')).toEqual(['@agent/tool-contract']);
    expect(edges.get('@agent/tools')).toContain('@agent/tool-contract');
  });

  it("keeps the ACP SDK out of everything but the editor's agent", () => {
    // The bundle's tests drive the built agent-acp as an editor does, through the SDK's client.
    const editorTests = (unit: WorkspaceUnit): boolean =>
      unit.name === '@agent/cli' &&
      !shipped(unit).includes('@agentclientprotocol/sdk') &&
      unit.imports.every(
        (ref) => !ref.specifier.startsWith('@agentclientprotocol/') || ref.file.includes('/test/'),
      );
    const reaching = units.filter(
      (unit) =>
        unit.name !== 'acp' &&
        !editorTests(unit) &&
        (unit.declared.includes('@agentclientprotocol/sdk') ||
          unit.imports.some((ref) => ref.specifier.startsWith('@agentclientprotocol/'))),
    );
    expect(reaching.map((unit) => unit.name)).toEqual([]);
    expect(workspaceEdges(units).get('headless')).not.toContain('acp');
  });

  it('lets the apps reach MCP only through the runtime (their tests may use it)', () => {
    for (const name of ['repl', 'headless', 'acp']) {
      const app = units.find((u) => u.name === name)!;
      const shipped = app.imports.filter(
        (ref) => ref.file.includes('/src/') && !/\.test\.ts$/.test(ref.file),
      );
      expect(shipped.map((ref) => ref.specifier)).not.toContain('@agent/mcp');
    }
  });
});

describe('the dependency checker', () => {
  it('passes the graph of DESIGN.md', () => {
    expect(checkGraph(designGraph())).toEqual([]);
  });

  it('catches headless depending on askuser directly', () => {
    const graph = replace(
      designGraph(),
      unit('headless', ['@agent/tools', '@agent/askuser'], ['@agent/askuser'], 'app'),
    );
    expect(checkGraph(graph)).toEqual([
      'headless reaches @agent/askuser: headless -> @agent/askuser',
    ]);
  });

  it('catches headless importing askuser without declaring it', () => {
    const graph = replace(
      designGraph(),
      unit('headless', ['@agent/tools'], ['@agent/askuser/dist/ask-user'], 'app'),
    );
    expect(checkGraph(graph)).toEqual([
      'headless imports @agent/askuser without declaring it: apps/headless/src/index.ts -> @agent/askuser/dist/ask-user',
      'headless reaches @agent/askuser: headless -> @agent/askuser',
    ]);
  });

  it("catches headless reaching askuser through the editor's agent", () => {
    const graph = replace(designGraph(), unit('headless', ['@agent/tools', 'acp'], [], 'app'));
    expect(checkGraph(graph)).toEqual([
      'headless reaches @agent/askuser: headless -> acp -> @agent/askuser',
    ]);
  });

  it('catches headless reaching askuser transitively through subagents', () => {
    const graph = replace(
      designGraph(),
      unit('@agent/subagents', ['@agent/llm', '@agent/tools', '@agent/askuser']),
    );
    expect(checkGraph(graph)).toEqual([
      'headless reaches @agent/askuser: headless -> @agent/subagents -> @agent/askuser',
      '@agent/subagents reaches @agent/askuser: @agent/subagents -> @agent/askuser',
    ]);
  });

  it('catches mcp reaching askuser', () => {
    const graph = replace(
      designGraph(),
      unit('@agent/mcp', ['@agent/tools', '@agent/askuser'], ['@agent/askuser']),
    );
    expect(checkGraph(graph)).toEqual([
      '@agent/mcp reaches @agent/askuser: @agent/mcp -> @agent/askuser',
    ]);
  });

  it('catches askuser reaching the workspace tools, directly or through another package', () => {
    const direct = replace(
      designGraph(),
      unit('@agent/askuser', ['@agent/tool-contract', '@agent/tools']),
    );
    expect(checkGraph(direct)).toEqual([
      '@agent/askuser reaches @agent/tools: @agent/askuser -> @agent/tools',
    ]);
    const throughSession = replace(
      designGraph(),
      unit('@agent/askuser', ['@agent/tool-contract', '@agent/session']),
    );
    expect(checkGraph(throughSession)).toEqual([
      '@agent/askuser reaches @agent/tools: @agent/askuser -> @agent/session -> @agent/llm -> @agent/tools',
    ]);
  });

  it('catches the contract depending on the workspace tools', () => {
    const graph = replace(designGraph(), unit('@agent/tool-contract', ['zod', '@agent/tools']));
    expect(checkGraph(graph)).toEqual(
      expect.arrayContaining([
        '@agent/tool-contract reaches @agent/tools: @agent/tool-contract -> @agent/tools',
      ]),
    );
  });

  it('catches a package importing an app, by name or by relative path', () => {
    const byName = replace(designGraph(), unit('@agent/llm', ['@agent/tools', 'repl']));
    expect(checkGraph(byName)).toEqual(
      expect.arrayContaining([
        '@agent/llm imports an app: packages/llm/src/index.ts -> repl',
        '@agent/llm depends on the app repl',
        'cycle: @agent/llm -> repl -> @agent/llm',
      ]),
    );
    const byPath = replace(
      designGraph(),
      unit('@agent/tools', [], ['../../../apps/repl/src/main']),
    );
    expect(checkGraph(byPath)).toEqual([
      '@agent/tools imports an app: packages/tools/src/index.ts -> ../../../apps/repl/src/main',
    ]);
  });

  it('catches an undeclared workspace import and a reach into another package', () => {
    const graph = replace(
      designGraph(),
      unit('@agent/session', ['@agent/llm'], ['@agent/llm', '@agent/tools', '../../llm/src/loop']),
    );
    expect(checkGraph(graph)).toEqual([
      '@agent/session imports @agent/tools without declaring it: packages/session/src/index.ts -> @agent/tools',
      '@agent/session reaches outside its directory: packages/session/src/index.ts -> ../../llm/src/loop',
    ]);
  });

  it('catches a cycle', () => {
    const graph = replace(
      designGraph(),
      unit('@agent/tools', ['@agent/tool-contract', 'zod', '@agent/session']),
    );
    expect(checkGraph(graph)).toEqual([
      'cycle: @agent/llm -> @agent/tools -> @agent/session -> @agent/llm',
    ]);
  });

  it('finds static, type-only, re-exported, required and dynamic imports', () => {
    const source = [
      "import { a } from '@agent/tools';",
      "import type { B } from '@agent/llm';",
      "export * from './local';",
      "const c = require('@agent/session');",
      "const d = () => import('@agent/subagents');",
      '// a comment naming @agent/askuser is not an import',
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(
      ['./local', '@agent/llm', '@agent/session', '@agent/subagents', '@agent/tools'].sort(),
    );
  });
});
