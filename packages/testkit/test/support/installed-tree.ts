import fs from 'node:fs';
import path from 'node:path';
import { run } from './pack';

/** The size of what npm installed under `dir`/node_modules, in KiB (`du -sk`). */
export function nodeModulesKiB(dir: string): number {
  return Number(run('du', ['-sk', 'node_modules'], dir).split('\t')[0]);
}

/** Every package under `dir`/node_modules that runs a script when it is installed. */
export function installScripts(dir: string): string[] {
  const found: string[] = [];
  const visit = (modules: string) => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const scoped of fs.readdirSync(path.join(modules, entry))) {
          check(path.join(modules, entry, scoped));
        }
      } else check(path.join(modules, entry));
    }
  };
  const check = (pkg: string) => {
    const file = path.join(pkg, 'package.json');
    if (!fs.existsSync(file)) return;
    const scripts = JSON.parse(fs.readFileSync(file, 'utf8')).scripts ?? {};
    if (['preinstall', 'install', 'postinstall'].some((name) => scripts[name])) {
      found.push(path.relative(dir, pkg));
    }
    if (fs.existsSync(path.join(pkg, 'binding.gyp'))) found.push(path.relative(dir, pkg));
    visit(path.join(pkg, 'node_modules'));
  };
  visit(path.join(dir, 'node_modules'));
  return found;
}
