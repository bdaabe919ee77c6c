import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const command = () => require('../mcp-command') as typeof import('../mcp-command');
const picker = () => require('../mcp-tools-picker') as typeof import('../mcp-tools-picker');

export const mcp: SlashCommand = {
  name: '/mcp',
  usage: '/mcp [tools|trust|reconnect]',
  description: 'MCP servers; pick tools; trust; reconnect NAME',
  takesArgument: true,
  availability: 'busy',
  run(args, deps, signal) {
    if (args === 'tools') return picker().pickMcpTools(deps, signal);
    const { session, app } = deps;
    return command().runMcpCommand(args, session.mcp, app, session.toolOffer);
  },
};
