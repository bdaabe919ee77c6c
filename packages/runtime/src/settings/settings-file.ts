import fs from 'node:fs';
import path from 'node:path';

/** A settings file's JSON (`$AGENT_HOME/settings.json`, `.agent/settings.json`). */
export type SettingsData = Record<string, unknown>;

/**
 * Changes a settings file, keeping everything else in it: `change` edits the parsed data and
 * says whether anything changed; the file is then written to a temporary file and renamed into
 * place. Throws with the file's name when it is not readable JSON or cannot be written.
 */
export function updateSettingsFile(file: string, change: (data: SettingsData) => boolean): boolean {
  let data: SettingsData = {};
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${file} is not a JSON object; fix or remove it first`);
    }
    data = parsed as SettingsData;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (error instanceof SyntaxError) {
        throw new Error(`${file} is not readable JSON; fix or remove it first`, { cause: error });
      }
      throw error;
    }
  }
  if (!change(data)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(temporary, file);
  return true;
}
