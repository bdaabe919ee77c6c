import type { AgentSession } from '@agent/runtime';
import type { SlashCommand } from './slash-command';

function percent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/**
 * The /context report: the figure the status line shows (the larger of the provider's count of
 * this conversation and the estimate), and the estimated next request by part.
 */
export function contextReport(session: AgentSession): string {
  const b = session.contextUsage();
  const fill = session.contextFill();
  let source = 'estimated next request';
  if (fill.source === 'provider') source = `counted by the provider · estimate ${b.total}`;
  else if (fill.counted !== undefined) source += ` · last provider count ${fill.counted}`;
  const sent = session.nextRequest().messages.length;
  const left = session.history.length - sent;
  return [
    `Context: ${fill.used} of ${fill.window} tokens (${percent(fill.fraction)}), ${source}`,
    `  system prompt  ${b.system}`,
    `  tools          ${b.tools}`,
    `  conversation   ${b.history}`,
    `  tool results   ${b.toolResults}`,
    `  messages       ${sent}${left > 0 ? ` (${left} before the last checkpoint left out)` : ''} · tool history ${session.toolHistory}`,
  ].join('\n');
}

export const context: SlashCommand = {
  name: '/context',
  usage: '/context',
  description: 'what the context window holds',
  availability: 'busy',
  run: (_args, deps) => deps.app.info(contextReport(deps.session)),
};
