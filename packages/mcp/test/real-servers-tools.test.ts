import path from 'node:path';
import { toolSpec } from '@agent/tools';
import { assertPortable } from './support/portable-schema';
import { useRealServers } from './support/real-servers';
import { everythingStdio, filesystemStdio, waitFor } from './support/servers';

const mcp = useRealServers(
  ({ folder, httpUrl }) => ({
    fs: filesystemStdio(folder),
    everything: everythingStdio(),
    web: { type: 'http', url: httpUrl },
  }),
  { streamable: true },
);
const { run } = mcp;

/**
 * server-filesystem replaces the folder on its command line with the client's roots only once it
 * has asked for them, after connecting: until then a call about the workspace is refused.
 */
async function untilRootsTaken(workspace: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const allowed = await run('mcp__fs__list_allowed_directories', {});
    if (String(allowed.output).includes(workspace)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`server-filesystem never took the workspace ${workspace} as its root`);
}

describe('real MCP servers: their tools as agent tools', () => {
  it('advertises every real tool under a valid name with a schema every provider accepts', () => {
    const tools = mcp.manager.tools();
    expect(tools.length).toBeGreaterThan(30);
    for (const t of tools) {
      expect(t.name).toMatch(/^mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/);
      expect(t.name.length).toBeLessThanOrEqual(64);
      expect(t.permission).toBe('exec');
      assertPortable(toolSpec(t).parameters, t.name);
    }
    // What is advertised is the server's schema (made portable), not the zod wrapper's shape.
    const read = tools.find((t) => t.name === 'mcp__fs__read_text_file')!;
    expect(toolSpec(read).parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    expect(toolSpec(read).parameters).not.toHaveProperty('propertyNames');
  });

  it('lists and reads a temporary workspace through server-filesystem', async () => {
    const { workspace, folder } = mcp;
    await untilRootsTaken(workspace);
    const listing = await run('mcp__fs__list_directory', { path: workspace });
    expect(listing.isError).toBeUndefined();
    expect(listing.output).toContain('[FILE] notes.txt');
    expect(listing.output).toContain('[DIR] sub');
    const read = await run('mcp__fs__read_text_file', { path: path.join(workspace, 'notes.txt') });
    expect(read.output).toContain('first line\nsecond line');
    // The server takes the advertised root (the workspace) over the folder on its command line.
    const outside = await run('mcp__fs__read_text_file', { path: path.join(folder, 'other.txt') });
    expect(outside.isError).toBe(true);
    expect(outside.output).toContain(`not in ${workspace}`);
  });

  it('refuses input that does not match the server schema, naming the problem', () => {
    const parsed = mcp.tool('mcp__fs__read_text_file').inputSchema.safeParse({ path: 7 });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error!.issues)).toMatch(/path must be string/);
  });

  it.each(['everything', 'web'])(
    'turns the image of %s into a note with its type and size',
    async (server) => {
      const result = await run(`mcp__${server}__get-tiny-image`, {});
      expect(result.output).toMatch(/\[image: image\/png, \d+(\.\d)? KB\]/);
      expect(result.summary).toMatch(/1 image/);
    },
  );

  it('includes structured content and describes resource links', async () => {
    const structured = await run('mcp__everything__get-structured-content', {
      location: 'Chicago',
    });
    expect(structured.output).toMatch(/temperature/);
    const links = await run('mcp__everything__get-resource-links', { count: 2 });
    expect(links.output).toMatch(/\[resource link: .+ <demo:\/\/resource\/.+>/);
  });

  it('advertises the workspace as the root', async () => {
    const result = await run('mcp__everything__get-roots-list', {});
    expect(result.output).toContain(`file://${mcp.workspace}`);
  });

  it.each(['everything', 'web'])(
    'aborts a long-running call of %s and leaves nothing pending',
    async (server) => {
      const controller = new AbortController();
      const updates: string[] = [];
      const call = run(
        `mcp__${server}__trigger-long-running-operation`,
        { duration: 20, steps: 40 },
        mcp.context(controller.signal, updates),
      );
      await waitFor(() => updates.length > 0, 5000);
      const started = Date.now();
      controller.abort(new Error('interrupted by test'));
      await expect(call).rejects.toThrow('interrupted by test');
      expect(Date.now() - started).toBeLessThan(500);
      const connection = (mcp.manager as any).connections.get(server);
      expect(connection.inflight.size).toBe(0);
      expect(connection.pendingRequests()).toBe(0);
      const echo = await run(`mcp__${server}__echo`, { message: 'still here' });
      expect(echo.output).toContain('still here');
    },
  );
});
