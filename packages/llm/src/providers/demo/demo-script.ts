import {
  ATTACHED_FILES_SEPARATOR,
  type ImagePart,
  type Message,
  type ToolActivity,
  type UserMessage,
} from '../../messages';
import { answerAt, answerText, parseQuestionnaireResult } from '@agent/tools';
import { formatBytes } from '../../images';
import type { ProviderRequest } from '../../provider';
import { toolResultText } from '../../history/transform';
import { CREDENTIAL_SOURCES } from '../../config/missing-credentials';
import {
  clarifyMove,
  DEMO_CLARIFY_PROMPT,
  DEMO_DECISION,
  delegateDecisionMove,
} from './demo-clarify';
import { codeBlock, codeSpan } from './markdown-code';

/** What the demo model does next: some text, then zero or more tool calls. */
export interface DemoMove {
  text: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
}

export const DEMO_LABEL = '[demo provider]';

/** The two questions the demo asks; the first option of each is its recommendation. */
export const DEMO_QUESTIONS = [
  {
    question: 'Which language should the example use?',
    options: ['TypeScript', 'Python', 'Go'],
  },
  {
    question: 'How thorough should the tests be?',
    options: ['Unit tests only', 'Unit and integration tests'],
  },
];

export const DEMO_NOTE_FILE = 'demo-notes.md';

const DELEGATE = /\b(delegate|subagents?|in parallel)\b/i;
const ASK = /\b(ask|asking|choose|choice|decide|options?|questions?)\b/i;
const PLAN = /\b(plan|set up|setup)\b/i;
const EDIT = /\b(edit|fix|change|modify|write|create|update)\b/i;
const RUN = /\b(run|test|tests|build|shell|command|ls)\b/i;
const FILES = /\b(files?|read|list|show|explore|project|code|repo|workspace|directory|folder)\b/i;

/**
 * Decides the demo model's next move from the request alone (deterministic, no state): the last
 * user prompt picks a script, and the calls already made in the current loop pick the step.
 */
export function decideDemoMove(request: ProviderRequest): DemoMove {
  const messages = request.messages;
  const lastUser = lastUserIndex(messages);
  // What the person typed decides, not the files they attached (`@path`, after the prompt).
  const typed = lastUser >= 0 ? (messages[lastUser] as { text: string }).text : '';
  const prompt = typed.split(ATTACHED_FILES_SEPARATOR)[0]!;
  const loop = messages
    .slice(lastUser + 1)
    .flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
  const tools = new Set(request.tools.map((t) => t.name));
  const firstPrompt = messages.filter((m) => m.role === 'user').length <= 1;

  if (tools.size === 0 && /^Summarise this conversation/.test(prompt)) return summaryMove(prompt);
  const images = lastUser >= 0 ? (messages[lastUser] as UserMessage).images : undefined;
  if (images?.length && loop.length === 0) return imagesMove(images);
  // Plan mode offers present_plan; once a plan is approved the loop goes on with edit tools.
  if (tools.has('present_plan') || last(loop, 'present_plan')) return planMove(loop, tools);
  // A subagent the demo delegated a decision to asks its parent.
  if (tools.has('request_clarification') && prompt === DEMO_CLARIFY_PROMPT)
    return clarifyMove(loop);
  if (DELEGATE.test(prompt) && DEMO_DECISION.test(prompt) && tools.has('task')) {
    return delegateDecisionMove(loop, tools);
  }
  if (tools.has('ask_user') && (ASK.test(prompt) || (firstPrompt && PLAN.test(prompt)))) {
    return askMove(loop);
  }
  if (DELEGATE.test(prompt) && tools.has('task')) return delegateMove(loop);
  if (EDIT.test(prompt) && tools.has('write_file')) return editMove(loop);
  if (RUN.test(prompt) && tools.has('run_shell')) return runMove(loop);
  if (FILES.test(prompt) && tools.has('list_files')) return filesMove(loop, tools.has('read_file'));
  return say(
    `${DEMO_LABEL} This is the offline demo provider: scripted replies, no real model. ` +
      'Try a prompt that mentions files, "fix", "run the tests", "ask me" or "delegate" to see tools at work, or plan mode (--mode plan, or Shift+Tab in the REPL). ' +
      `To use a real model, set ${CREDENTIAL_SOURCES}, ` +
      'or pass --provider and --model (AGENT_PROVIDER and AGENT_MODEL work too).',
  );
}

/** The demo cannot see pictures: it names what it was sent, so the image path works offline. */
function imagesMove(images: readonly ImagePart[]): DemoMove {
  const lines = images.map(
    (image) =>
      `- ${codeSpan(image.name)} (${image.mediaType}, ${formatBytes(image.size)})` +
      (image.data === undefined ? ': its stored copy is missing' : ''),
  );
  return say(
    `${DEMO_LABEL} I received ${images.length === 1 ? 'an image' : `${images.length} images`}:\n${lines.join('\n')}\n\n` +
      'The demo provider cannot look at pictures; a real model would describe them.',
  );
}

function askMove(loop: ToolActivity[]): DemoMove {
  const asked = last(loop, 'ask_user');
  if (!asked) {
    return {
      text: `${DEMO_LABEL} Two decisions are yours before I start.`,
      calls: [{ name: 'ask_user', arguments: { questions: DEMO_QUESTIONS } }],
    };
  }
  const result = parseQuestionnaireResult(toolResultText(asked));
  if (!result) return say(`${DEMO_LABEL} I could not ask: ${toolResultText(asked)}`);
  // Answers given out of order (also_answered) count as much as the leading ones.
  const lines = DEMO_QUESTIONS.flatMap((q, i) => {
    const answer = answerAt(result, i);
    return answer === undefined ? [] : [`${i + 1}. ${q.question} -> ${answerText(answer)}`];
  });
  if (result.cancelled) {
    return say(
      `${DEMO_LABEL} You cancelled the questions after ${lines.length} of ${DEMO_QUESTIONS.length}` +
        `${lines.length ? `:\n${lines.join('\n')}` : '.'}\n\nI will go on with the recommended defaults for the rest.`,
    );
  }
  return say(
    `${DEMO_LABEL} Thanks. Your answers:\n${lines.join('\n')}\n\nI would now plan the work around them.`,
  );
}

/**
 * Plan mode: look at the workspace, ask the two questions, present a plan built on the answers
 * (revised with the person's note when it is sent back), then, once approved, write the notes
 * file the plan names and finish.
 */
function planMove(loop: ToolActivity[], tools: ReadonlySet<string>): DemoMove {
  if (!last(loop, 'list_files') && tools.has('list_files')) {
    return {
      text: `${DEMO_LABEL} Plan mode: I will look around before proposing anything.`,
      calls: [{ name: 'list_files', arguments: {} }],
    };
  }
  const asked = last(loop, 'ask_user');
  if (!asked && tools.has('ask_user')) {
    return {
      text: `${DEMO_LABEL} Two decisions are yours before I plan.`,
      calls: [{ name: 'ask_user', arguments: { questions: DEMO_QUESTIONS } }],
    };
  }
  const planned = last(loop, 'present_plan');
  const outcome = planned ? toolResultText(planned) : '';
  if (outcome.startsWith('The person approved the plan')) {
    const wrote = last(loop, 'write_file');
    if (!wrote && tools.has('write_file')) {
      return {
        text: `${DEMO_LABEL} Approved: carrying out step 1.`,
        calls: [
          {
            name: 'write_file',
            arguments: { path: DEMO_NOTE_FILE, content: `${demoPlan(loop)}\n` },
          },
        ],
      };
    }
    return say(`${DEMO_LABEL} Done as planned.${wrote ? ` ${toolResultText(wrote)}` : ''}`);
  }
  if (planned && !outcome.includes('Their note:')) {
    return say(`${DEMO_LABEL} The plan stands as presented; nothing was changed.`);
  }
  return {
    text: '',
    calls: [{ name: 'present_plan', arguments: { plan: demoPlan(loop) } }],
  };
}

/** The demo's plan: the answers given, and every note the person sent a plan back with. */
function demoPlan(loop: ToolActivity[]): string {
  const asked = last(loop, 'ask_user');
  const result = asked ? parseQuestionnaireResult(toolResultText(asked)) : undefined;
  const answers = result?.answers.map(answerText) ?? [];
  const notes = loop
    .filter((call) => call.name === 'present_plan')
    .map((call) => /Their note: (.*)/.exec(toolResultText(call))?.[1])
    .filter((note): note is string => note !== undefined && note.trim() !== '');
  return [
    '# Demo plan',
    '',
    `Decisions: ${answers.length ? answers.join(', ') : 'the recommended defaults'}.`,
    '',
    `1. Write \`${DEMO_NOTE_FILE}\` describing the example.`,
    '2. Re-read it to check the result.',
    ...notes.map((note, i) => `${i + 3}. From your note: ${note}`),
  ].join('\n');
}

/** The prompt the demo hands to a subagent; it mentions files, so the subagent explores. */
export const DEMO_DELEGATED_PROMPT =
  'List the files of the workspace and read the first one; report what you find.';

function delegateMove(loop: ToolActivity[]): DemoMove {
  const delegated = last(loop, 'task');
  if (!delegated) {
    return {
      text: `${DEMO_LABEL} I will hand the survey of the workspace to an explore subagent.`,
      calls: [
        {
          name: 'task',
          arguments: {
            description: 'survey the workspace',
            prompt: DEMO_DELEGATED_PROMPT,
            agent: 'explore',
          },
        },
      ],
    };
  }
  return say(
    `${DEMO_LABEL} The subagent reported (${delegated.status}):\n${head(toolResultText(delegated), 12)}`,
  );
}

function editMove(loop: ToolActivity[]): DemoMove {
  const wrote = last(loop, 'write_file');
  if (!wrote) {
    return {
      text: `${DEMO_LABEL} I will make a small, safe change: a notes file you can delete afterwards.`,
      calls: [
        {
          name: 'write_file',
          arguments: {
            path: DEMO_NOTE_FILE,
            content:
              '# Demo notes\n\nWritten by the offline demo provider to show the edit flow.\n',
          },
        },
      ],
    };
  }
  if (wrote.status === 'ok') {
    return say(
      `${DEMO_LABEL} Done: I wrote ${codeSpan(DEMO_NOTE_FILE)}. A real model would edit the code you named.`,
    );
  }
  return say(
    `${DEMO_LABEL} The change to ${codeSpan(DEMO_NOTE_FILE)} did not happen (${wrote.status}): ${toolResultText(wrote)}`,
  );
}

function runMove(loop: ToolActivity[]): DemoMove {
  const ran = last(loop, 'run_shell');
  if (!ran) {
    return {
      text: `${DEMO_LABEL} I will run a harmless command to show the shell tool.`,
      calls: [{ name: 'run_shell', arguments: { command: 'ls' } }],
    };
  }
  return say(
    `${DEMO_LABEL} \`ls\` finished (${ran.status}). It printed:\n\n${codeBlock(head(toolResultText(ran), 10))}`,
  );
}

function filesMove(loop: ToolActivity[], canRead: boolean): DemoMove {
  const listed = last(loop, 'list_files');
  if (!listed) {
    return {
      text: `${DEMO_LABEL} Let me look at the workspace.`,
      calls: [{ name: 'list_files', arguments: {} }],
    };
  }
  const files = listed.status === 'ok' ? fileLines(toolResultText(listed)) : [];
  const read = last(loop, 'read_file');
  if (!read && canRead && files.length > 0) {
    return {
      text: `${DEMO_LABEL} Reading the first file, ${codeSpan(files[0]!)}.`,
      calls: [{ name: 'read_file', arguments: { path: files[0] } }],
    };
  }
  if (files.length === 0) {
    return say(`${DEMO_LABEL} I found no files to look at: ${head(toolResultText(listed), 3)}`);
  }
  const shown = files.slice(0, 5).map(codeSpan).join(', ');
  const more = files.length > 5 ? ` and ${files.length - 5} more` : '';
  const start = read
    ? `\n\n${codeSpan(files[0]!)} starts with:\n\n${codeBlock(head(toolResultText(read), 5))}`
    : '';
  return say(`${DEMO_LABEL} The workspace has ${files.length} file(s): ${shown}${more}.${start}`);
}

function summaryMove(prompt: string): DemoMove {
  const asks = [...prompt.matchAll(/\[User\]\n([^\n]*)/g)].map(
    (m) => `- The person asked: ${m[1]}`,
  );
  return say(
    `${DEMO_LABEL} Summary of the conversation so far:\n${asks.join('\n') || '- (nothing yet)'}`,
  );
}

function say(text: string): DemoMove {
  return { text, calls: [] };
}

function last(loop: ToolActivity[], name: string): ToolActivity | undefined {
  for (let i = loop.length - 1; i >= 0; i--) if (loop[i]!.name === name) return loop[i];
  return undefined;
}

function lastUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return i;
  return -1;
}

function fileLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('(') && !/^No files match/.test(line));
}

function head(text: string, lines: number): string {
  const all = text.split('\n');
  return all.slice(0, lines).join('\n') + (all.length > lines ? '\n...' : '');
}
