import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod/v4';
import { defineTool, readSmallFile, ToolError, type Tool } from '@agent/tools';
import type { SessionSkills } from './session-skills';

/** The name of the tool that loads a skill. */
export const SKILL_TOOL = 'skill';
const MAX_FILE_BYTES = 256 * 1024;
const LISTED_FILES = 50;

const inputSchema = z.object({
  name: z.string().min(1).describe('The skill to load, as the system prompt lists it.'),
  file: z
    .string()
    .min(1)
    .optional()
    .describe("A file in the skill's folder to read instead (a path relative to its folder)."),
});

/**
 * `skill`: loads a skill's instructions (the body of its SKILL.md, with the files beside it
 * named), or one of those files, read now. Read-only, and confined to the skill's folder: a
 * path out of it, or a link out of it, is refused. Only listed skills load (see SessionSkills).
 */
export function skillTool(skills: SessionSkills): Tool<z.infer<typeof inputSchema>> {
  return defineTool({
    name: SKILL_TOOL,
    description:
      'Load a skill the system prompt lists: returns its instructions (the body of its SKILL.md) and names the files beside it; with `file`, returns one of those files. Load a skill when the task matches its description, then follow it.',
    inputSchema,
    permission: 'read',
    describe: (input) =>
      input.file ? `skill ${input.name}: ${input.file}` : `skill ${input.name}`,
    async execute(input) {
      const loaded = await skills.load(input.name).catch((error: Error) => {
        throw new ToolError(error.message);
      });
      const { skill, body } = loaded;
      if (input.file !== undefined) {
        const text = await fileBeside(skill.folder, input.file);
        return { output: text, summary: `read ${input.file} of skill ${skill.name}` };
      }
      const files = await filesBeside(skill.folder);
      const beside =
        files.length > 0
          ? `\n\nFiles in this skill's folder (read one with the skill tool's \`file\`): ${files.join(', ')}`
          : '';
      return {
        output: `Skill ${skill.name} (${skill.folder}):\n\n${body}${beside}`,
        summary: `loaded skill ${skill.name}`,
      };
    },
  });
}

async function fileBeside(folder: string, relative: string): Promise<string> {
  const realFolder = await fs.realpath(folder);
  let real: string;
  try {
    real = await fs.realpath(path.resolve(realFolder, relative));
  } catch {
    throw new ToolError(`${relative}: no such file in the skill's folder`);
  }
  const inside = path.relative(realFolder, real);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
    throw new ToolError(`${relative} is outside the skill's folder`);
  }
  try {
    return await readSmallFile(real, MAX_FILE_BYTES);
  } catch (error) {
    throw new ToolError(`${relative}: ${(error as Error).message}`);
  }
}

async function filesBeside(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.name !== 'SKILL.md')
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
  return names.length > LISTED_FILES
    ? [...names.slice(0, LISTED_FILES), `and ${names.length - LISTED_FILES} more`]
    : names;
}
