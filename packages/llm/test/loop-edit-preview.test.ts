import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { editFileTool, writeFileTool } from '@agent/tools';
import { call, reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import { RecordingPermissions } from './support/test-tools';

describe('edits are planned before the person is asked', () => {
  let workspace: string;
  beforeEach(() => {
    workspace = mkdtempSync(path.join(os.tmpdir(), 'loop-edit-'));
    writeFileSync(path.join(workspace, 'a.txt'), 'one\ntwo\n');
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('fails an edit_file call that cannot apply with a tool error, without a card', async () => {
    const permissions = new RecordingPermissions();
    const h = startLoop(
      [
        reply('', call('c1', 'edit_file', { path: 'a.txt', old_string: 'three', new_string: 'x' })),
        reply('I will read the file first'),
      ],
      [editFileTool()],
      { person: permissions, workspaceRoot: workspace },
    );
    await h.result;
    expect(permissions.requests).toEqual([]);
    const [failed] = resultsIn(h.provider.requests[1]!.messages);
    expect(failed!.status).toBe('error');
    expect(failed!.output).toMatch(/old_string was not found in a\.txt/);
    expect(readFileSync(path.join(workspace, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('asks with the diff of an edit that applies', async () => {
    const permissions = new RecordingPermissions();
    const h = startLoop(
      [
        reply('', call('c1', 'edit_file', { path: 'a.txt', old_string: 'two', new_string: '2' })),
        reply('done'),
      ],
      [editFileTool(), writeFileTool()],
      { person: permissions, workspaceRoot: workspace },
    );
    await h.result;
    expect(permissions.requests).toHaveLength(1);
    expect(permissions.requests[0]!.preview).toContain('-two\n+2');
  });
});
