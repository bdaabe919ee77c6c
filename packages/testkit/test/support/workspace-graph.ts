import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import or require found in a source file. */
export interface ImportRef {
  /** Path of the importing file, relative to the workspace root. */
  file: string;
  specifier: string;
}

/** A workspace package or app as the dependency rules see it. */
export interface WorkspaceUnit {
  name: string;
  kind: 'package' | 'app';
  /** Directory relative to the workspace root, e.g. `packages/llm`. */
  dir: string;
  /** Every name in dependencies, devDependencies, peerDependencies and optionalDependencies. */
  declared: string[];
  imports: ImportRef[];
}

/** A unit that must never reach `target`, directly or through other workspace units. */
export interface ForbiddenReach {
  from: string;
  target: string;
}

export interface GraphRules {
  forbidden: ForbiddenReach[];
}

/** The rules of DESIGN.md "Dependency rules". */
export const DESIGN_RULES: GraphRules = {
  forbidden: [
    { from: 'headless', target: '@agent/askuser' },
    { from: '@agent/subagents', target: '@agent/askuser' },
    { from: '@agent/runtime', target: '@agent/askuser' },
    { from: '@agent/mcp', target: '@agent/askuser' },
    // The contract is the root: a package that needs only defineTool never installs the
    // workspace tools (their shell parser, diff, ignore, picomatch).
    { from: '@agent/tool-contract', target: '@agent/tools' },
    { from: '@agent/askuser', target: '@agent/tools' },
  ],
};

const SOURCE_DIRS = ['src', 'test', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|cjs|mjs)$/;

/** Reads every packages/* and apps/* manifest and the imports of their source files. */
export function readWorkspace(root: string): WorkspaceUnit[] {
  const units: WorkspaceUnit[] = [];
  for (const [group, kind] of [
    ['packages', 'package'],
    ['apps', 'app'],
  ] as const) {
    const groupDir = path.join(root, group);
    if (!fs.existsSync(groupDir)) continue;
    for (const entry of fs.readdirSync(groupDir, { withFileTypes: true })) {
      const manifestPath = path.join(groupDir, entry.name, 'package.json');
      if (!entry.isDirectory() || !fs.existsSync(manifestPath)) continue;
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      const dir = `${group}/${entry.name}`;
      const declared = new Set<string>();
      for (const field of [
        'dependencies',
        'devDependencies',
        'peerDependencies',
        'optionalDependencies',
      ]) {
        for (const name of Object.keys(manifest[field] ?? {})) declared.add(name);
      }
      const imports: ImportRef[] = [];
      for (const sourceDir of SOURCE_DIRS) {
        for (const file of listSourceFiles(path.join(root, dir, sourceDir))) {
          const text = fs.readFileSync(file, 'utf8');
          for (const specifier of importsOf(text)) {
            imports.push({ file: path.relative(root, file), specifier });
          }
        }
      }
      units.push({ name: manifest.name, kind, dir, declared: [...declared], imports });
    }
  }
  return units;
}

/** Module specifiers of every static import, export-from, require() and import() in `source`. */
export function importsOf(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((ref) => ref.fileName);
}

/** Every violation of the dependency rules, as one readable line each; empty when clean. */
export function checkGraph(units: WorkspaceUnit[], rules: GraphRules = DESIGN_RULES): string[] {
  const byName = new Map(units.map((unit) => [unit.name, unit]));
  const appNames = new Set(units.filter((u) => u.kind === 'app').map((u) => u.name));
  const appDirs = units.filter((u) => u.kind === 'app').map((u) => u.dir);
  const violations: string[] = [];

  for (const unit of units) {
    for (const ref of unit.imports) {
      if (isRelative(ref.specifier)) {
        const target = path.posix.normalize(
          path.posix.join(path.posix.dirname(toPosix(ref.file)), ref.specifier),
        );
        if (!target.startsWith(`${unit.dir}/`)) {
          const intoApp = appDirs.some((dir) => target === dir || target.startsWith(`${dir}/`));
          violations.push(
            unit.kind === 'package' && intoApp
              ? `${unit.name} imports an app: ${ref.file} -> ${ref.specifier}`
              : `${unit.name} reaches outside its directory: ${ref.file} -> ${ref.specifier}`,
          );
        }
        continue;
      }
      const name = packageName(ref.specifier);
      if (name === unit.name || !byName.has(name)) continue;
      if (unit.kind === 'package' && appNames.has(name)) {
        violations.push(`${unit.name} imports an app: ${ref.file} -> ${ref.specifier}`);
      }
      if (!unit.declared.includes(name)) {
        violations.push(
          `${unit.name} imports ${name} without declaring it: ${ref.file} -> ${ref.specifier}`,
        );
      }
    }
    if (unit.kind === 'package') {
      for (const name of unit.declared) {
        if (appNames.has(name)) violations.push(`${unit.name} depends on the app ${name}`);
      }
    }
  }

  const edges = workspaceEdges(units);
  for (const rule of rules.forbidden) {
    const route = findPath(edges, rule.from, rule.target);
    if (route) violations.push(`${rule.from} reaches ${rule.target}: ${route.join(' -> ')}`);
  }
  for (const cycle of findCycles(edges)) violations.push(`cycle: ${cycle.join(' -> ')}`);
  return violations;
}

/** Workspace-internal edges: declared dependencies plus imported workspace packages. */
export function workspaceEdges(units: WorkspaceUnit[]): Map<string, string[]> {
  const names = new Set(units.map((unit) => unit.name));
  const edges = new Map<string, string[]>();
  for (const unit of units) {
    const targets = new Set<string>();
    for (const name of unit.declared) if (names.has(name)) targets.add(name);
    for (const ref of unit.imports) {
      if (isRelative(ref.specifier)) continue;
      const name = packageName(ref.specifier);
      if (names.has(name)) targets.add(name);
    }
    targets.delete(unit.name);
    edges.set(unit.name, [...targets].sort());
  }
  return edges;
}

function findPath(edges: Map<string, string[]>, from: string, target: string): string[] | null {
  const previous = new Map<string, string>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of edges.get(current) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, current);
      if (next === target) {
        const route = [next];
        let step = current;
        for (;;) {
          route.unshift(step);
          if (step === from) return route;
          step = previous.get(step)!;
        }
      }
      queue.push(next);
    }
  }
  return null;
}

/** One representative cycle per strongly connected component that has one. */
function findCycles(edges: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'active');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const nextState = state.get(next);
      if (nextState === 'active') {
        cycles.push([...stack.slice(stack.indexOf(next)), next]);
      } else if (nextState === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function isRelative(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}

function listSourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') {
        out.push(...listSourceFiles(full));
      }
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}
