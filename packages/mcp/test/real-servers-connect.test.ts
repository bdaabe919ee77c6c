import { useRealServers } from './support/real-servers';
import { everythingStdio, filesystemStdio, isAlive, waitFor } from './support/servers';

const mcp = useRealServers(
  ({ folder, httpUrl, sseUrl }) => ({
    fs: filesystemStdio(folder),
    everything: everythingStdio(),
    web: { type: 'http', url: httpUrl },
    // An older server: streamable HTTP fails, the SDK's SSE transport takes over.
    legacy: { type: 'http', url: sseUrl },
    broken: {
      command: process.execPath,
      args: ['-e', 'process.stderr.write("boom: no config"); process.exit(3)'],
    },
  }),
  { streamable: true, sse: true },
);

describe('real MCP servers: connecting and closing', () => {
  it('connects every server in parallel and records the one that fails with its stderr', () => {
    const byName = Object.fromEntries(mcp.manager.servers().map((s) => [s.name, s]));
    expect(byName.fs!.state).toBe('connected');
    expect(byName.everything!.state).toBe('connected');
    expect(byName.web).toMatchObject({ state: 'connected', transport: 'http' });
    expect(byName.legacy).toMatchObject({ state: 'connected', transport: 'sse' });
    expect(byName.legacy!.tools).toContain('mcp__legacy__echo');
    expect(byName.broken!.state).toBe('failed');
    expect(byName.broken!.error).toMatch(/exited while starting \(exit status 3\)/);
    expect(byName.broken!.error).toContain('boom: no config');
    expect(byName.fs!.tools).toContain('mcp__fs__list_directory');
    expect(byName.web!.tools).toContain('mcp__web__get-tiny-image');
  });

  it('reports each server as it connects', () => {
    const states = (name: string) => [
      ...new Set(mcp.changes.map((list) => list.find((s) => s.name === name)?.state)),
    ];
    expect(states('fs')).toEqual(['connecting', 'connected']);
    expect(states('broken')).toEqual(['connecting', 'failed']);
    expect(mcp.changes.at(-1)!.filter((s) => s.state === 'connected')).toHaveLength(4);
  });

  it('reconnects one server with a new process', async () => {
    const before = mcp.manager.servers().find((s) => s.name === 'everything')!.pid!;
    const status = await mcp.manager.reconnect('everything');
    expect(status.state).toBe('connected');
    expect(status.pid).not.toBe(before);
    await waitFor(() => !isAlive(before));
  });

  it('stops every server process on close', async () => {
    const pids = mcp.manager.servers().flatMap((s) => (s.pid ? [s.pid] : []));
    expect(pids).toHaveLength(2);
    expect(pids.every(isAlive)).toBe(true);
    const echo = mcp.tool('mcp__everything__echo');
    await mcp.manager.close();
    expect(pids.filter(isAlive)).toEqual([]);
    await expect(echo.execute({ message: 'hi' }, mcp.context())).rejects.toThrow(
      'everything/echo failed: MCP server "everything" is not connected (closed)',
    );
    expect(mcp.manager.servers().every((s) => s.state === 'closed' || s.state === 'failed')).toBe(
      true,
    );
    expect(mcp.manager.tools()).toEqual([]);
  });
});
