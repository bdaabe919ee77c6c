/** The `--help` text. */
export function usageText(): string {
  return `Usage: agent-run [options] <prompt-file | ->

Runs one prompt through the agent without a person at the keyboard: the model reads, searches
and edits files in the workspace and (with --yes) runs commands. Assistant text goes to
stdout, tool activity to stderr. Every run is saved as a session.

Options:
  --provider ID            openai-chat, openai-responses, anthropic, bedrock, genkit, text, demo
  --model NAME             model name for the provider
  --base-url URL           endpoint override for the provider
  --cwd DIR                the workspace (default: the directory you ran the command in)
  --resume ID              continue a saved session (id, unique id prefix or file path)
  --continue               continue the latest session of the workspace
  --tool-history full|off  keep raw tool output in later requests (full) or only summaries
  --output text|json|jsonl text (streamed), one final JSON object, or every loop event as a line
  -y, --yes                approve every tool call, including commands
  --max-iterations N       model calls allowed in this run (default 50)
  -h, --help               show this help
  -v, --version            print the version

Permissions: read-only tools always run; edits inside the workspace run; anything else (running
commands) is refused unless --yes is given. No questions are ever asked.

Environment: AGENT_PROVIDER, AGENT_MODEL, AGENT_HOME (default ~/.agent: config.json and
sessions/), and each SDK's credentials (OPENAI_API_KEY, ANTHROPIC_API_KEY, AWS_REGION, ...).

Exit codes: 0 done, 1 run failed, 2 usage error, 130 interrupted.
`;
}
