// The editor (ACP): what session/load sends of the sample, as an outline.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { TRANSCRIPT_SAMPLE_ID, type FakeServer } from '@agent/testkit';
import { DIST, env, fakeArgs, shellLine } from './front-end-bed';

interface Update {
  sessionUpdate: string;
  content?: unknown;
  title?: string;
  status?: string;
  rawInput?: unknown;
}

/** What the editor was shown: the updates, and the questions of each form it was asked to show. */
export interface EditorShown {
  updates: Update[];
  forms: string[][];
}

export async function editorUpdates(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<EditorShown> {
  const acp = await import('@agentclientprotocol/sdk');
  const child = spawn(process.execPath, [path.join(DIST, 'agent-acp.js'), ...fakeArgs(server)], {
    env: env(home),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  const updates: Update[] = [];
  let replayed: number | undefined;
  const forms: string[][] = [];
  let formShown!: () => void;
  const asked = new Promise<void>((resolve) => (formShown = resolve));
  const app = acp
    .client({ name: 'parity-editor' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update as Update);
    })
    // The form of a questionnaire the load offers again: its questions are its choice fields.
    .onRequest(acp.methods.client.elicitation.create, ({ params }) => {
      const { requestedSchema } = params as {
        requestedSchema?: { properties?: Record<string, { title?: string; enum?: unknown }> };
      };
      const fields = Object.values(requestedSchema?.properties ?? {});
      forms.push(fields.flatMap((field) => (field.enum ? [field.title ?? ''] : [])));
      formShown();
      // Nobody answers it here.
      return new Promise<never>(() => undefined);
    });
  const connection = app.connect(
    acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  try {
    await connection.agent.request('initialize', {
      protocolVersion: acp.PROTOCOL_VERSION,
      // An editor that shows forms: questionnaires can be answered, so the load offers one again.
      clientCapabilities: { elicitation: { form: {} } },
    });
    // The replayed updates are all sent before the load answers; the form comes after it.
    await connection.agent.request('session/load', {
      sessionId: TRANSCRIPT_SAMPLE_ID,
      cwd: workspace,
      mcpServers: [],
    });
    replayed = updates.length;
    await asked;
  } finally {
    child.stdin.end();
    await exited;
  }
  // The replay; what follows is the continued turn's own updates.
  return { updates: updates.slice(0, replayed), forms };
}

export function editorOutline({ updates, forms }: EditorShown): string[] {
  const text = (update: Update): string => {
    const content = update.content as
      { text?: string } | Array<{ content?: { text?: string } }> | undefined;
    if (Array.isArray(content)) return content.map((part) => part.content?.text ?? '').join('\n');
    return content?.text ?? '';
  };
  const answers = (summary: string): string =>
    [...summary.matchAll(/→ (.*)/g)]
      .map((match) => match[1]!.replace(/ \(typed\)$/, ''))
      .join(', ');
  const outline: string[] = [];
  let amending = false;
  for (const update of updates) {
    if (update.sessionUpdate === 'user_message_chunk') outline.push(`prompt: ${text(update)}`);
    if (update.sessionUpdate === 'agent_message_chunk' && /amended/i.test(text(update))) {
      amending = true;
    }
    if (update.sessionUpdate !== 'tool_call') continue;
    const summary = text(update);
    if (amending) outline.push(`amended: ${answers(summary)}`);
    else if (update.status === 'pending' && /^ask(?: \d+ questions)?: /.test(update.title ?? '')) {
      // Drawn pending, and asked again in a form.
      outline.push(`questionnaire asked again: ${forms.map((form) => form.join(', ')).join('; ')}`);
    } else if (update.title?.startsWith('! ')) {
      // A person's command: its output, then how it ended.
      const said = summary.split('\n');
      outline.push(shellLine(said.at(-1) ?? '', said.slice(0, -1).join('\n')));
    } else if (summary.startsWith('Questionnaire')) {
      const state = /cancelled/.test(summary) ? 'cancelled' : 'answered';
      outline.push(`questionnaire ${state}: ${answers(summary)}`);
    } else if (/plan/i.test(update.title ?? '')) {
      outline.push(`plan: ${/approved/.test(summary) ? 'approved' : update.status}`);
    } else {
      const state =
        update.status === 'failed' && /interrupted/.test(summary) ? 'interrupted' : update.status;
      outline.push(`${update.title}: ${state}`);
    }
    amending = false;
  }
  return outline;
}
