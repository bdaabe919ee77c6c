import {
  askPerson,
  type PermissionDecision,
  type ToolContext,
  type ToolResult,
} from '@agent/tool-contract';
import type { ShellOutcome } from '../shell-process';
import { SANDBOX_TMP, type SandboxLayout } from './bwrap-command';
import { setAsideNewGitEntries, setAsideNote } from './git-set-aside';
import { hostSockets } from './host-sockets';
import { protectedPaths } from './protected-paths';
import { sandboxDenial } from './sandbox-denial';
import type { ShellSandbox } from './shell-sandbox';

/** What the sandbox leaves writable in the workspace (see protected-paths.ts). */
const WORKSPACE_RULE =
  "the workspace (but for git's metadata, every .git in it, the hooks folder core.hooksPath names, .mcp.json and .agent)";

/** What `run_shell`'s description adds when its commands may run sandboxed. */
export const SANDBOX_DESCRIPTION = ` Commands may run in a sandbox: ${WORKSPACE_RULE} and a private /tmp are writable, the rest of the file system is read-only, credential folders and the host's sockets are hidden, only the usual variables (PATH, HOME, LANG, TERM, ...) are set and there is no network; git commands that write (add, commit) fail there, and a .git a command makes is set aside after it; the result says when a command ran sandboxed and what the sandbox blocked. Do not try to get around the sandbox: when it blocks a command the person may be asked to run it once outside.`;

/** What a command's result says besides its output (see toResult in run-shell.ts). */
export interface ResultNotes {
  /** A line before the output. */
  head?: string;
  /** Added inside the closing note: `[exit code 0; ran sandboxed]`. */
  tag?: string;
  /** A line after the closing note. */
  tail?: string;
  /** Added to the one-line summary, in parentheses. */
  summary?: string;
}

const SANDBOX_RULES = `${WORKSPACE_RULE} and ${SANDBOX_TMP} are writable, the rest of the file system is read-only, credential folders, the agent home and the host's sockets are hidden, there is no network`;

/**
 * Runs one `run_shell` command as the session's sandbox says: refused (sandbox on, bubblewrap
 * missing), unsandboxed (off, or auto without bubblewrap), or in bubblewrap. A sandboxed command
 * whose output shows the sandbox blocked something (see sandboxDenial) says what; one that failed
 * because of it also, where the
 * person may approve it, asks once whether to run it again outside the sandbox (or with network
 * when only the network was blocked); the answer is never remembered. Aborting `ctx.signal` kills
 * whichever run is going and withdraws the question.
 */
export async function runSandboxed(input: {
  sandbox: ShellSandbox;
  command: string;
  workspace: string;
  ctx: ToolContext;
  run(layout: SandboxLayout | undefined): Promise<ShellOutcome>;
  result(outcome: ShellOutcome, notes?: ResultNotes): ToolResult;
}): Promise<ToolResult> {
  const { sandbox, ctx } = input;
  let aside: string | undefined;
  // Every result of a sandboxed run says what the sandbox set aside after it (see git-set-aside.ts).
  const result = (outcome: ShellOutcome, notes: ResultNotes = {}): ToolResult =>
    input.result(
      outcome,
      aside ? { ...notes, tail: [notes.tail, aside].filter(Boolean).join(' ') } : notes,
    );
  const plan = await sandbox.plan(ctx.signal);
  if (plan.kind === 'refused') {
    return {
      output: plan.message,
      isError: true,
      summary: 'refused: the sandbox is on but bubblewrap does not work',
    };
  }
  if (plan.kind === 'unsandboxed') return result(await input.run(undefined));
  const guarded = await protectedPaths(input.workspace, ctx.signal, sandbox.env);
  const layout: SandboxLayout = {
    workspace: input.workspace,
    readOnly: guarded.readOnly,
    hidden: plan.hidden,
    sockets: hostSockets(sandbox.env, input.workspace, sandbox.allowSockets),
    network: false,
    userNamespace: plan.userNamespace,
  };
  const run = async (inside: SandboxLayout | undefined): Promise<ShellOutcome> => {
    const outcome = await input.run(inside);
    if (inside) {
      const note = setAsideNote(
        input.workspace,
        await setAsideNewGitEntries(inside.workspace, guarded),
      );
      if (note) aside = aside ? `${aside} ${note}` : note;
    }
    return outcome;
  };
  const first = await run(layout);
  const exited = first.ending === 'exited';
  const failed = exited && first.exitCode !== 0;
  const denial = exited ? sandboxDenial(first.output, layout) : undefined;
  if (!denial) {
    // The tool's description says what the sandbox allows; nothing points at it here.
    return result(first, { tag: 'ran sandboxed' });
  }
  const blocked = `Sandboxed: ${SANDBOX_RULES}. The sandbox blocked ${denial.blocked}.`;
  // A command that still succeeded is told what was blocked; only a failure offers to leave.
  if (!failed) return result(first, { tag: 'ran sandboxed', tail: blocked });
  const notes = (more: string): ResultNotes => ({
    tag: 'ran sandboxed',
    tail: `${blocked} ${more}`,
    summary: `sandbox blocked ${denial.network && denial.paths.length === 0 ? 'the network' : 'it'}`,
  });
  if (!sandbox.mayLeave || !ctx.person.canAnswer('approval')) {
    return result(
      first,
      notes(
        'This run never leaves the sandbox: only the person can turn it off (--sandbox off). Do not retry it unchanged.',
      ),
    );
  }
  const leave = denial.network && denial.paths.length === 0 ? 'network' : 'outside';
  let decision: PermissionDecision;
  try {
    decision = await askPerson(
      ctx.person,
      'approval',
      {
        toolCallId: ctx.toolCallId,
        toolName: 'run_shell',
        permission: 'exec',
        title: `$ ${input.command}`,
        input: { command: input.command },
        reason: `the sandbox blocked ${denial.blocked}`,
        subject: input.command,
        subjectKind: 'command',
        leaveSandbox: leave,
      },
      { signal: ctx.signal, toolCallId: ctx.toolCallId },
    );
  } catch (error) {
    if (ctx.signal.aborted)
      return result(first, notes('The turn was interrupted before the person answered.'));
    return result(
      first,
      notes(
        `Could not ask the person to run it outside the sandbox (${(error as Error).message}).`,
      ),
    );
  }
  if (decision.kind === 'deny') {
    const why = decision.reason
      ? ` Their reason: ${decision.reason}`
      : ' Do not retry it unchanged; take another approach or ask.';
    const who = decision.by
      ? `It was not run outside: ${decision.by} refused.`
      : `The person declined to run it ${leave === 'network' ? 'with network' : 'outside the sandbox'}.`;
    return result(first, notes(`${who}${why}`));
  }
  const again = await run(leave === 'network' ? { ...layout, network: true } : undefined);
  const how =
    leave === 'network'
      ? 'once with network (still sandboxed otherwise)'
      : 'once outside the sandbox';
  return result(again, {
    head: `The sandboxed run failed: the sandbox blocked ${denial.blocked}. The person approved running it ${how}; this is that run's output.`,
    summary:
      leave === 'network'
        ? 'run with network, approved once'
        : 'run outside the sandbox, approved once',
  });
}
