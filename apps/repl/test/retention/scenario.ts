import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAskUserTool } from '@agent/askuser';
import type { Provider, ToolHistoryMode } from '@agent/llm';
import { defaultAgentHome } from '@agent/session';
import { AgentSession } from '@agent/runtime';
import {
  answerAtOnce,
  ManualPerson,
  type AnyPersonRequest,
  type Answer,
  type PersonChannel,
  type Questionnaire,
} from '@agent/tools';
import type { FakeServer } from '@agent/testkit';
import type { ModelStep, Wire } from './wires';
import type { WireItem } from './wire-views';

/** The shared scenario: what the model asks, what the person answers, what read_file reads. */

/** Recommended option first; exact whitespace, quotes and non-ASCII must survive every wire. */
export const ASK_INPUT = {
  questions: [
    {
      question: 'Which database should the "orders" service use? (日本語のメモ 🚀)',
      options: ['PostgreSQL', 'SQLite', '  MySQL 8 — managed  '],
    },
    {
      question: 'Which API style should we expose?',
      options: ['REST', 'GraphQL', 'gRPC'],
    },
  ],
};

/** The arguments exactly as the fake model sends them. */
export const ASK_JSON = JSON.stringify(ASK_INPUT);

/** One predefined option (exact string, spaces kept) and one typed answer. */
export const ANSWERS = ['  MySQL 8 — managed  ', 'Both: REST for "public", gRPC inside'];
export const ANSWERED_JSON =
  '{"answers":["  MySQL 8 — managed  ","Both: REST for \\"public\\", gRPC inside"],"cancelled":false}';

/** A questionnaire, how the person answers it, and the exact tool result that must be retained. */
export interface AskFixture {
  input: { questions: Array<{ question: string; options: string[]; multiSelect?: boolean }> };
  answers: Answer[];
  cancelled: boolean;
  resultJson: string;
}

export const ANSWERED: AskFixture = {
  input: ASK_INPUT,
  answers: ANSWERS,
  cancelled: false,
  resultJson: ANSWERED_JSON,
};

/** Esc after the first question. */
export const CANCELLED: AskFixture = {
  input: ASK_INPUT,
  answers: ANSWERS.slice(0, 1),
  cancelled: true,
  resultJson: '{"answers":["  MySQL 8 — managed  "],"cancelled":true}',
};

/** A multi-select question between two others: its answer is a list, typed text last. */
export const MULTI: AskFixture = {
  input: {
    questions: [
      { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
      {
        question: 'Which checks should CI run?',
        options: ['Lint', 'Types', 'Tests'],
        multiSelect: true,
      },
      { question: 'Anything else?', options: ['No', 'Yes'] },
    ],
  },
  answers: ['Postgres', ['Lint', 'Tests', 'a "smoke" run 🚀'], 'my text'],
  cancelled: false,
  resultJson:
    '{"answers":["Postgres",["Lint","Tests","a \\"smoke\\" run 🚀"],"my text"],"cancelled":false}',
};

/** `length` UTF-16 units or one less, cycling `pattern`, never splitting a surrogate pair. */
function filled(prefix: string, pattern: string, length: number): string {
  let text = prefix;
  while (text.length < length) text += pattern;
  const chars = Array.from(text);
  while (chars.join('').length > length) chars.pop();
  return chars.join('');
}

const AWKWARD = ' "quoted" back\\slash\ttab\nnew line 日本語 🚀 ```tool fence ';

/** Every bound at its maximum: 10 questions of 1,000 characters, 6 options of 300, long answers. */
export const LARGEST: AskFixture = (() => {
  const questions = Array.from({ length: 10 }, (_, q) => ({
    question: filled(`Question ${q + 1}:`, AWKWARD, 1000),
    options: Array.from({ length: 6 }, (_, o) =>
      filled(`Q${q + 1} option ${o + 1}:`, AWKWARD, 300),
    ),
  }));
  const answers = questions.map((question, q) =>
    q % 2 === 0 ? question.options[5]! : filled(`Typed answer ${q + 1}:`, AWKWARD, 4000),
  );
  return {
    input: { questions },
    answers,
    cancelled: false,
    resultJson: `{"answers":[${answers.map((a) => JSON.stringify(a)).join(',')}],"cancelled":false}`,
  };
})();

/** Security vocabulary that is not a secret: a session must keep it exactly as asked and answered. */
export const AUTH_WORDS: AskFixture = {
  input: {
    questions: [
      {
        question: 'Authorization: role-based or attribute-based?',
        options: ['Role-based (RBAC)', 'Attribute-based (ABAC)'],
      },
      {
        question: 'Should the API accept bearer tokens or session cookies?',
        options: ['Bearer tokens (JWT)', 'Session cookies', 'Both'],
      },
    ],
  },
  answers: [
    'Role-based (RBAC)',
    'Authorization: Bearer tokens for the API, cookies for the web app',
  ],
  cancelled: false,
  resultJson:
    '{"answers":["Role-based (RBAC)","Authorization: Bearer tokens for the API, cookies for the web app"],"cancelled":false}',
};

export const READ_INPUT = { path: 'notes.md' };
/** Appears in read_file's raw output only: it must not reach any request after the loop. */
export const RAW_MARKER = 'raw-file-marker-7f3a';
const NOTES = [
  '# Notes for the orders service',
  `${RAW_MARKER}: orders already run on a managed MySQL 8 cluster in eu-west-1, with nightly backups`,
  'The public API is consumed by the mobile app; internal callers are Go services.',
].join('\n');
export const READ_STATUS = '[ok] read_file: read 3 lines of notes.md';

export const ASK_ID = 'call_ask_1';
export const READ_ID = 'call_read_2';

export const PROMPT_1 = 'Set up the orders service.';
export const PROMPT_2 = 'Which database did I pick, and why?';
export const PROMPT_3 = 'Remind me of both answers.';
export const ASK_TEXT = 'A few questions first.';
export const FINAL_TEXT = 'Using MySQL 8 with REST outside and gRPC inside.';

/** The model's first response: some text and the ask_user call. */
export function askStep(fixture: AskFixture = ANSWERED): ModelStep {
  return { text: ASK_TEXT, calls: [{ id: ASK_ID, name: 'ask_user', input: fixture.input }] };
}

/** Prompt 1's model responses: ask, then read a file, then answer. */
export function prompt1Steps(fixture: AskFixture): ModelStep[] {
  return [
    askStep(fixture),
    { calls: [{ id: READ_ID, name: 'read_file', input: READ_INPUT }] },
    { text: FINAL_TEXT },
  ];
}

/** A temp workspace (with notes.md) and a temp AGENT_HOME, removed by `dispose`. */
export async function tempDirs(): Promise<{
  workspace: string;
  agentHome: string;
  dispose(): Promise<void>;
}> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'retention-'));
  const workspace = path.join(root, 'work');
  await fs.mkdir(workspace);
  await fs.writeFile(path.join(workspace, 'notes.md'), `${NOTES}\n`);
  return {
    workspace,
    agentHome: defaultAgentHome({ AGENT_HOME: path.join(root, 'home') }),
    dispose: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** A person who answers every questionnaire at once, remembering what they were shown. */
export function answeringBroker(fixture: AskFixture): {
  broker: ManualPerson;
  shown: Questionnaire[];
} {
  const { answers, cancelled } = fixture;
  const broker = new ManualPerson();
  const shown: Questionnaire[] = [];
  broker.onShow((request) => {
    shown.push(structuredClone(questionnaireOf(request)));
    setImmediate(() => broker.answer({ answers, cancelled }, request.id));
  });
  return { broker, shown };
}

/** The questionnaire a shown request asks. */
export function questionnaireOf(request: AnyPersonRequest): Questionnaire {
  if (request.kind !== 'questionnaire') throw new Error(`not a questionnaire: ${request.kind}`);
  return request.payload.questionnaire;
}

/**
 * The person of these tests: every call approved at once; questionnaires answered through
 * `broker` (none asked without one).
 */
export function testPerson(broker?: ManualPerson): PersonChannel {
  return answerAtOnce({
    approval: () => ({ kind: 'allow' }),
    ...(broker ? { questionnaire: (request) => broker.ask(request) } : {}),
  });
}

export interface CoreSetup {
  provider: Provider;
  workspace: string;
  agentHome: string;
  broker?: ManualPerson;
  toolHistory?: ToolHistoryMode;
  saveErrors: Error[];
}

/** The REPL's primary agent (through the runtime) with ask_user, saving to a real session file. */
export function agentCore(setup: CoreSetup): Promise<AgentSession> {
  return AgentSession.create({
    agentHome: setup.agentHome,
    workspaceRoot: setup.workspace,
    choice: { flags: {}, env: {}, agentHome: setup.agentHome },
    provider: setup.provider,
    person: testPerson(setup.broker),
    extraTools: [createAskUserTool()],
    maxInteractive: 3,
    toolHistory: setup.toolHistory ?? 'off',
    onEvent: (event) => {
      if (event.type === 'save_error') setup.saveErrors.push(event.error);
    },
  });
}

/** The items the model must see for prompt 1 once its loop is over. */
export function prompt1Items(
  wire: Wire,
  ids: Ids,
  results: { ask: string; read: string },
  fixture: AskFixture = ANSWERED,
) {
  const flag = (isError: boolean) => (wire.errorFlag ? { isError } : {});
  return [
    { kind: 'user', text: PROMPT_1 },
    { kind: 'assistant', text: ASK_TEXT },
    { kind: 'call', id: ids.ask, name: 'ask_user', input: JSON.stringify(fixture.input) },
    { kind: 'result', id: ids.ask, output: results.ask, ...flag(false) },
    { kind: 'call', id: ids.read, name: 'read_file', input: JSON.stringify(READ_INPUT) },
    { kind: 'result', id: ids.read, output: results.read, ...flag(false) },
    { kind: 'assistant', text: FINAL_TEXT },
  ] satisfies WireItem[];
}

export interface Ids {
  ask: string;
  read: string;
}

/** The call ids as the wire shows them: the model's own, or whatever the text transport made. */
export function wireIds(wire: Wire, items: WireItem[]): Ids {
  const calls = items.filter((item) => item.kind === 'call');
  if (wire.modelIds) return { ask: ASK_ID, read: READ_ID };
  return { ask: calls[0]?.id ?? '?', read: calls[1]?.id ?? '?' };
}

/** The parsed body of request `index`, read through the wire's view (pairing enforced). */
export function requestItems(wire: Wire, server: FakeServer, index: number): WireItem[] {
  const request = server.requests[index];
  if (!request) throw new Error(`the fake received no request #${index}`);
  return wire.view(request.body);
}
