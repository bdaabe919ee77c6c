import { CREDENTIAL_SOURCES } from '@agent/llm/config';
import { flagsOf, type AppName } from './flag-table';

/** What each app's usage text says above and below the generated options. */
const FRAMES: Record<AppName, { synopsis: string; summary: string; footer: string }> = {
  repl: {
    synopsis: 'agent [options] [prompt]',
    summary: 'Interactive coding agent (REPL). A prompt given here is sent once the agent is up.',
    footer: [
      '',
      'Commands:',
      '  agent serve [options]      answer from a browser: serves a page for this workspace on',
      '                             127.0.0.1 and prints its URL (agent serve --help)',
      '',
    ].join('\n'),
  },
  headless: {
    synopsis: 'agent-run [options] <prompt-file | - | "prompt text"> | -p "prompt text"',
    summary: [
      'Runs one prompt through the agent without a person at the keyboard: the model reads,',
      'searches and edits files in the workspace and (with --yes) runs commands. Assistant text',
      'goes to stdout, tool activity to stderr. Every run is saved as a session.',
      'Commands run in a bubblewrap sandbox where it works (--sandbox, default auto): the',
      'workspace and a private /tmp writable, the rest read-only, credential folders hidden, no',
      'network. A headless run never leaves the sandbox, not even with --yes, unless started with',
      '--sandbox off.',
    ].join('\n'),
    footer:
      '\nExit codes: 0 done, 1 run failed, 2 usage error, 130 interrupted, 141 standard output closed.\n',
  },
  acp: {
    synopsis: 'agent-acp [options]',
    summary: [
      "An editor's coding agent: speaks the Agent Client Protocol (ACP) as JSON-RPC lines on",
      'stdin/stdout; the editor starts it and names the workspace and the session. Logs go to',
      'stderr. Every session is saved and can be loaded again by the editor.',
    ].join('\n'),
    footer: '',
  },
  serve: {
    synopsis: 'agent serve [options]',
    summary: [
      'Serves a web page for one workspace: the live conversation, prompts, approvals and',
      "questions answered in a browser. The first line printed is the page's URL with its",
      'token (http://127.0.0.1:PORT/?token=...): whoever has it can act as you. It runs until',
      'Ctrl+C or SIGTERM; the session is saved as in the REPL. From a phone, reach it through',
      'an SSH tunnel (ssh -L 8080:127.0.0.1:PORT host) or Tailscale (tailscale serve), not by',
      'binding to a public address.',
    ].join('\n'),
    footer: '\nExit codes: 0 stopped, 2 usage error, 130 SIGINT, 143 SIGTERM.\n',
  },
};

/** The usage text of `app`, generated from the flag table. */
export function usageText(app: AppName): string {
  const frame = FRAMES[app];
  const rows = flagsOf(app).map((flag) => {
    const names = `${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
    return `  ${names.padEnd(26)} ${flag.help}`;
  });
  return [
    `Usage: ${frame.synopsis}`,
    '',
    frame.summary,
    '',
    'Options:',
    ...rows,
    '',
    'Environment: AGENT_PROVIDER, AGENT_MODEL, AGENT_HOME (default ~/.agent), and credentials:',
    `${CREDENTIAL_SOURCES}.`,
    frame.footer,
  ].join('\n');
}
