import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { agentEnv, fakeArgs, promptText, startEditor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const PLAN = '# Plan\n\n1. Write `a.txt`.';

function toolNames(fake: FakeServer, index: number): string[] {
  const body = fake.requests[index]!.body as { tools?: Array<{ function: { name: string } }> };
  return (body.tools ?? []).map((tool) => tool.function.name);
}

describe('agent-acp session modes', () => {
  const bed = editorBed('test');

  it('offers the three modes; set_mode plan, the plan asked as a permission, approval switches to accept edits', async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN } }] },
      {
        toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'a\n' } }],
      },
      { text: 'Done.' },
    ]);
    const editor = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await editor.agent.request('initialize', {
      protocolVersion: editor.acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    const opened = await editor.agent.request('session/new', {
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    expect(opened.modes?.currentModeId).toBe('default');
    expect(opened.modes?.availableModes.map((mode) => mode.id)).toEqual([
      'default',
      'accept-edits',
      'plan',
    ]);
    const { sessionId } = opened;
    await expect(
      editor.agent.request('session/set_mode', { sessionId, modeId: 'yolo' }),
    ).rejects.toThrow(/unknown mode "yolo"; available: default, accept-edits, plan/);
    await editor.agent.request('session/set_mode', { sessionId, modeId: 'plan' });
    const asked: string[] = [];
    const offered: string[][] = [];
    editor.answers.permission = (params) => {
      offered.push(params.options.map((option) => `${option.optionId}: ${option.name}`));
      const content = params.toolCall.content?.[0];
      asked.push(
        content?.type === 'content' && content.content.type === 'text' ? content.content.text : '',
      );
      return { outcome: { outcome: 'selected', optionId: 'accept-edits' } };
    };
    expect(await promptText(editor, sessionId, 'plan a file')).toBe('end_turn');
    expect(asked).toEqual([PLAN]);
    // The runtime's plan choices, in the words every front end uses.
    expect(offered).toEqual([
      [
        'accept-edits: Approve, and accept edits (workspace edits run without a card)',
        'default: Approve, and ask before each edit',
        'keep-planning: Keep planning',
      ],
    ]);
    expect(toolNames(bed.fake, 0)).not.toContain('write_file');
    expect(toolNames(bed.fake, 1)).toContain('write_file');
    expect(fs.readFileSync(path.join(bed.sandbox.workspace, 'a.txt'), 'utf8')).toBe('a\n');
    expect(editor.updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: 'current_mode_update',
        currentModeId: 'accept-edits',
      }),
    );
    await editor.close();
  });
});
