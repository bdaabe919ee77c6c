import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runConfiguredCommand } from '../src/hooks/configured-command';
import { readHookAnswer } from '../src/hooks/hook-answer';
import { matchesTool, parseHooks } from '../src/hooks/hook-config';

const run = (code: number | undefined, stdout = '', stderr = '') => ({ code, stdout, stderr });

describe('hook configuration (Claude Code shape)', () => {
  it('reads every event and timeout, and skips bad parts with a problem naming them', () => {
    const { hooks, problems } = parseHooks(
      {
        PreToolUse: [
          { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'a', timeout: 2 }] },
        ],
        Stop: [
          {
            hooks: [
              { type: 'command', command: 'b' },
              { type: 'prompt', prompt: 'x' },
            ],
          },
        ],
        Nope: [],
        PostToolUse: [{ matcher: '(', hooks: [] }],
      },
      'config.json',
    );
    expect(hooks.map((h) => [h.event, h.matcher, h.command, h.timeoutMs])).toEqual([
      ['PreToolUse', 'Edit|Write', 'a', 2000],
      ['Stop', '', 'b', 60_000],
    ]);
    expect(problems.join('\n')).toContain('hooks.Nope: unknown event');
    expect(problems.join('\n')).toContain('hooks.Stop[0].hooks[1]: only "type": "command"');
    expect(problems.join('\n')).toContain('hooks.PostToolUse[0].matcher');
  });

  it("matches our tool names and Claude Code's, whole names only", () => {
    expect(matchesTool('Bash', 'run_shell')).toBe(true);
    expect(matchesTool('Edit|Write', 'write_file')).toBe(true);
    expect(matchesTool('WebFetch', 'web_fetch')).toBe(true);
    expect(matchesTool('run', 'run_shell')).toBe(false);
    expect(matchesTool('mcp__github__.*', 'mcp__github__issue')).toBe(true);
    expect(matchesTool('', 'grep')).toBe(true);
  });
});

describe('hook answers', () => {
  it('exit 2 blocks with stderr; other failures are failures, never blocks', () => {
    expect(readHookAnswer('PreToolUse', run(2, '', 'not now\n'))).toEqual({ block: 'not now' });
    expect(readHookAnswer('PreToolUse', run(1, '', 'oops')).failure).toBe(
      'exited with status 1: oops',
    );
    expect(
      readHookAnswer('PreToolUse', { ...run(undefined), problem: 'timed out after 1 s' }),
    ).toEqual({ failure: 'timed out after 1 s' });
  });

  it('reads decisions and context from JSON, top level or hookSpecificOutput', () => {
    const deny = JSON.stringify({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' },
    });
    expect(readHookAnswer('PreToolUse', run(0, deny))).toEqual({
      permission: 'deny',
      permissionReason: 'no',
    });
    expect(readHookAnswer('PreToolUse', run(0, '{"decision":"approve"}')).permission).toBe('allow');
    expect(
      readHookAnswer('PostToolUse', run(0, '{"decision":"block","reason":"tests fail"}')).block,
    ).toBe('tests fail');
    expect(readHookAnswer('UserPromptSubmit', run(0, '{"additionalContext":"x"}')).context).toBe(
      'x',
    );
    expect(readHookAnswer('UserPromptSubmit', run(0, 'plain text')).context).toBe('plain text');
    expect(readHookAnswer('PreToolUse', run(0, 'plain text'))).toEqual({});
  });
});

describe('runConfiguredCommand', () => {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hook-run-'));
  afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

  it('kills its process group when the signal aborts (an interrupt)', async () => {
    const pidFile = path.join(cwd, 'child.pid');
    const controller = new AbortController();
    const running = runConfiguredCommand(
      `sleep 1000 & echo $! > child.pid; echo started; wait`,
      '',
      {
        cwd,
        signal: controller.signal,
        timeoutMs: 600_000,
      },
    );
    for (let i = 0; i < 600 && !fs.existsSync(pidFile); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort();
    const result = await running;
    expect(result.problem).toBe('stopped: interrupted');
    expect(result.code).toBeUndefined();
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Killed: gone, or a zombie waiting for init to reap it.
    for (let i = 0; i < 200 && isRunning(pid); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isRunning(pid)).toBe(false);
  });

  it('keeps a bounded part of a flood and still reads it to its end', async () => {
    const result = await runConfiguredCommand(
      `head -c 5000000 /dev/zero | tr '\\0' y; exit 3`,
      '',
      {
        cwd,
        signal: new AbortController().signal,
        timeoutMs: 600_000,
      },
    );
    expect(result.code).toBe(3);
    expect(result.truncated).toBe(true);
    expect(result.stdout.length).toBe(64 * 1024);
  });
});

/** Whether `pid` is a live process (not gone, not a zombie). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
