import { lineText } from '../text/line';
import { renderElicitationSummary } from './elicitation-segment';

const text = (...args: Parameters<typeof renderElicitationSummary>): string =>
  renderElicitationSummary(...args)
    .map(lineText)
    .join('\n');

describe("an MCP server's exchange in the transcript, once it ended", () => {
  it('counts one question in the singular, more in the plural', () => {
    const one = text(
      {
        server: 'deploy',
        action: 'accept',
        fields: [{ key: 'a', question: 'Target', answer: 'eu-west' }],
      },
      70,
    );
    expect(one).toContain('MCP deploy: 1 question answered');
    expect(one).toContain('→ eu-west');
    const two = text(
      {
        server: 'deploy',
        action: 'decline',
        fields: [
          { key: 'a', question: 'Target', answer: null },
          { key: 'b', question: 'When', answer: null },
        ],
      },
      70,
    );
    expect(two).toContain('MCP deploy: 2 questions declined');
  });
});
