import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readSmallFile } from '@agent/tools';

/** One skill: a folder with a `SKILL.md` whose front matter names and describes it. */
export interface Skill {
  name: string;
  description: string;
  /** The skill's folder (its other files lie beside SKILL.md). */
  folder: string;
  /** Its SKILL.md. */
  file: string;
  /** Whether it comes from the workspace (data from the repository) or the person's own folders. */
  scope: 'user' | 'workspace';
}

/** A skill folder to read: where, and whether the workspace brings it. */
export interface SkillRoot {
  dir: string;
  scope: Skill['scope'];
}

/** A SKILL.md larger than this is not a skill. */
export const MAX_SKILL_BYTES = 256 * 1024;
const MAX_SKILLS_PER_ROOT = 200;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_DESCRIPTION_CHARS = 1024;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * The skills of `roots` (`<root>/*\/SKILL.md`), in order, a later root's skill replacing an
 * earlier one of the same name. A SKILL.md that is not a small regular file (a FIFO, a device,
 * too large), that links out of its folder (or a workspace skill out of the workspace), or
 * whose front matter lacks a valid `name` and `description` is skipped with a warning; nothing
 * is waited on.
 */
export async function findSkills(
  roots: readonly SkillRoot[],
  workspaceRoot: string,
): Promise<{ skills: Skill[]; warnings: string[] }> {
  const byName = new Map<string, Skill>();
  const warnings: string[] = [];
  for (const root of roots) {
    let entries: string[];
    try {
      entries = (await fs.readdir(root.dir)).sort().slice(0, MAX_SKILLS_PER_ROOT);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const folder = path.join(root.dir, entry);
      const file = path.join(folder, 'SKILL.md');
      try {
        const info = await fs.stat(folder).catch(() => undefined);
        if (!info?.isDirectory()) continue;
        const confined = root.scope === 'workspace' ? workspaceRoot : undefined;
        const text = await readSkillFile(folder, file, confined);
        if (text === undefined) continue;
        const skill = parseSkill(text);
        byName.set(skill.name, { ...skill, folder, file, scope: root.scope });
      } catch (error) {
        warnings.push(`Skill skipped: ${file}: ${(error as Error).message}`);
      }
    }
  }
  return { skills: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), warnings };
}

/** A SKILL.md's text; undefined when the folder has none. Throws why it cannot be used. */
export async function readSkillFile(
  folder: string,
  file: string,
  confinedTo: string | undefined,
): Promise<string | undefined> {
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // A dangling link is a problem; no SKILL.md at all is a folder that is not a skill.
      const link = await fs.lstat(file).catch(() => undefined);
      if (!link) return undefined;
      throw new Error('it links to a file that does not exist', { cause: error });
    }
    throw error;
  }
  const realFolder = await fs.realpath(folder);
  if (!inside(realFolder, real)) throw new Error(`it links to ${real}, outside its folder`);
  if (confinedTo !== undefined && !inside(await fs.realpath(confinedTo), realFolder)) {
    throw new Error(`its folder is ${realFolder}, outside the workspace`);
  }
  return readSmallFile(real, MAX_SKILL_BYTES);
}

/** A SKILL.md's front matter (`name`, `description`) and body. Throws what is wrong. */
export function parseSkill(text: string): Omit<Skill, 'folder' | 'file' | 'scope'> {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error('no front matter (--- name: ... description: ... ---)');
  let data: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { parse } = require('yaml') as typeof import('yaml');
    data = parse(match[1]!);
  } catch (error) {
    throw new Error(`front matter is not valid YAML (${(error as Error).message})`, {
      cause: error,
    });
  }
  const { name, description } = (data ?? {}) as { name?: unknown; description?: unknown };
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new Error('name must be lower-case letters, digits and hyphens (at most 64)');
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new Error('description must be a non-empty string');
  }
  if (description.length > MAX_DESCRIPTION_CHARS) {
    throw new Error(`description is longer than ${MAX_DESCRIPTION_CHARS} characters`);
  }
  return { name, description: description.trim() };
}

/** A SKILL.md's body (what follows the front matter). */
export function skillBody(text: string): string {
  return (FRONT_MATTER.exec(text)?.[2] ?? text).trim();
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
