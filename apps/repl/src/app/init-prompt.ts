/** What `/init` asks the model: survey the workspace with its tools, then write AGENTS.md. */
export const INIT_PROMPT = [
  'Draft an AGENTS.md for this workspace: the instructions a coding agent (or a new teammate)',
  'needs before changing anything here.',
  '',
  'First survey the project with your tools: list the files, read the README, the package or',
  'build manifests, CI configuration and a few representative sources and tests. Then write',
  'AGENTS.md at the workspace root with write_file (if one exists, read it first and improve it',
  'rather than discarding what it says). Keep it short and concrete:',
  '- what the project is, and its layout (main folders and what lives where);',
  '- how to install, build, run, test, lint and format (the exact commands);',
  '- conventions the code follows (style, naming, error handling, tests);',
  '- anything surprising: generated files, slow tests, things not to touch.',
  'Only state what you found in the files; do not invent commands.',
].join('\n');
