import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

/**
 * `agent --acp` is the editor's agent (apps/acp, tested there with the ACP SDK's client): here
 * only that the REPL's bin hands over to it, with standard output carrying protocol lines.
 */
describe('agent --acp', () => {
  it('answers initialize on stdout as agent-acp does, with no terminal needed', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'repl-acp-'));
    const child = spawn(process.execPath, [MAIN, '--acp', '--provider', 'demo'], {
      env: { PATH: process.env.PATH, AGENT_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    const answered = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('\n')) resolve();
      }),
    );
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } })}\n`,
    );
    await answered;
    const response = JSON.parse(stdout.split('\n')[0]!);
    expect(response).toMatchObject({
      id: 1,
      result: { protocolVersion: 1, agentCapabilities: { loadSession: true } },
    });
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    fs.rmSync(home, { recursive: true, force: true });
  });
});
