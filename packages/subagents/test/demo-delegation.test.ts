import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProvider, runToolLoop } from '@agent/llm';
import { allowAll, createWorkspaceTools, ToolRegistry } from '@agent/tools';
import { BUILTIN_PROFILES, createTaskTool } from '../src';

describe('the offline demo provider with the task tool', () => {
  it('delegates a survey to an explore subagent and reports what it found', async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'demo-delegation-'));
    await writeFile(path.join(workspace, 'hello.txt'), 'hello from the workspace\n');
    const provider = createProvider('demo', { model: 'demo' });
    const profiles = new Map(BUILTIN_PROFILES.map((p) => [p.name, p]));
    const steps: string[] = [];
    const result = await runToolLoop({
      provider,
      registry: new ToolRegistry([
        ...createWorkspaceTools(),
        createTaskTool({ provider, profiles }),
      ]),
      system: 'demo',
      history: [{ role: 'user', text: 'delegate a survey of this project' }],
      workspaceRoot: workspace,
      signal: new AbortController().signal,
      person: allowAll,
      onEvent: (event) => {
        if (event.type === 'tool_update' && event.update.persist) steps.push(event.update.text);
      },
    });
    expect(result.reason).toBe('done');
    const task = result.messages[0]!.toolCalls[0]!;
    expect([task.name, task.status]).toEqual(['task', 'ok']);
    expect(steps).toHaveLength(2);
    expect(steps[1]).toContain('hello.txt');
    const answer = result.messages.at(-1)!.text;
    expect(answer).toContain('The subagent reported (ok)');
    expect(answer).toContain('hello.txt');
  });

  it('delegates a decision: the subagent asks, a parent with nobody to ask answers with the recommendation', async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'demo-decision-'));
    const provider = createProvider('demo', { model: 'demo' });
    const profiles = new Map(BUILTIN_PROFILES.map((p) => [p.name, p]));
    const steps: string[] = [];
    const result = await runToolLoop({
      provider,
      registry: new ToolRegistry([createTaskTool({ provider, profiles })]),
      system: 'demo',
      history: [{ role: 'user', text: 'delegate a decision' }],
      workspaceRoot: workspace,
      signal: new AbortController().signal,
      person: allowAll,
      onEvent: (event) => {
        if (event.type === 'tool_update' && event.update.persist) steps.push(event.update.text);
      },
    });
    expect(result.reason).toBe('done');
    expect(steps).toEqual([
      'explore asked: Which language should the example use? (TypeScript / Python / Go)',
      'explore was told: Which language should the example use? → TypeScript',
    ]);
    expect(result.messages.at(-1)!.text).toContain('I was told to use TypeScript.');
  });
});
