import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSession, SessionWriter } from '../src';
import { fixturePath } from './helpers';

/** The schema versions with a fixture folder (`test/fixtures/v<N>`), oldest first. */
export const FIXTURE_VERSIONS = [1, 2, 3, 4] as const;

/** The fixture files of the first version; every later version has the same names. */
export async function fixtureNames(): Promise<string[]> {
  return (await fs.readdir(fixturePath('v1'))).filter((name) => name.endsWith('.jsonl')).sort();
}

/**
 * Writes `name` of the current version into `dir` as the writer writes it: the v1 fixture is
 * loaded (upgraded on the way) and each event it holds appended by a real `SessionWriter`, with
 * its id and time. Lines the v1 file has on purpose as damage are not events, so they are gone.
 */
export async function writeCurrentFixture(name: string, dir: string): Promise<string> {
  const { events } = await loadSession(fixturePath(path.join('v1', name)));
  const file = path.join(dir, name);
  await fs.writeFile(file, '');
  const writer = await SessionWriter.open(file);
  for (const event of events) writer.appendEvent(event);
  await writer.close();
  return file;
}
