import { toolSpec } from '@agent/tools';
import { useRealServers } from './support/real-servers';
import { everythingStdio } from './support/servers';

const mcp = useRealServers(
  ({ httpUrl }) => ({
    everything: { ...everythingStdio(), env: { SERVICE_KEY: '${TEST_MCP_SECRET}' } },
    web: { type: 'http', url: httpUrl, headers: { Authorization: 'Bearer ${TEST_MCP_TOKEN}' } },
  }),
  { streamable: true },
);

describe('real MCP servers: expanded secrets', () => {
  it('keeps expanded header values out of everything it reports', () => {
    const reported = JSON.stringify([
      mcp.manager.servers(),
      mcp.manager.tools().map((t) => [t.name, t.description, toolSpec(t).parameters]),
    ]);
    expect(reported).not.toContain('secret-token-value');
    expect(reported).toContain('http://127.0.0.1');
  });

  it('keeps expanded env values out of tool results that echo them', async () => {
    const result = await mcp.run('mcp__everything__get-env', {});
    expect(result.output).toContain('"SERVICE_KEY": "***"');
    expect(result.output).not.toContain('hush-hush-value');
  });
});
