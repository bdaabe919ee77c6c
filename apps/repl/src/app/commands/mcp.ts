import { runMcpCommand } from '../mcp-command';
import { pickMcpTools } from '../mcp-tools-picker';
import type { SlashCommand } from './slash-command';

export const mcp: SlashCommand = {
  name: '/mcp',
  usage: '/mcp [tools|trust|reconnect]',
  description: 'MCP servers; pick tools; trust; reconnect NAME',
  takesArgument: true,
  availability: 'busy',
  run(args, deps, signal) {
    if (args === 'tools') return pickMcpTools(deps, signal);
    const { session, app } = deps;
    return runMcpCommand(args, session.mcp, app, session.toolOffer);
  },
};
