import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FakeServer } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

function systemText(server: FakeServer, index: number): string {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');
}

function writeSkill(dir: string, name: string, text: string): string {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  const file = path.join(dir, name, 'SKILL.md');
  fs.writeFileSync(file, text);
  return file;
}

const DEPLOY = `---
name: deploy
description: Deploy the app to staging with the release checklist
---
# Deploy
DEPLOY-BODY-STEP: run make deploy, then check the health page.
`;

describe('headless skills', () => {
  const cli = useCliHarness();

  it("lists a skill's description in the first request; its body reaches the model only once loaded", async () => {
    const skills = path.join(cli.sandbox.agentHome, 'skills');
    writeSkill(skills, 'deploy', DEPLOY);
    fs.writeFileSync(path.join(skills, 'deploy', 'checklist.md'), 'CHECKLIST-TEXT');
    // Malformed ones are skipped with a warning, never waited on.
    writeSkill(skills, 'bare', 'no front matter here');
    fs.mkdirSync(path.join(skills, 'fifo'));
    execFileSync('mkfifo', [path.join(skills, 'fifo', 'SKILL.md')]);
    fs.mkdirSync(path.join(skills, 'linked'));
    fs.writeFileSync(
      path.join(cli.sandbox.agentHome, 'outside.md'),
      DEPLOY.replace('deploy', 'linked'),
    );
    fs.symlinkSync(
      path.join(cli.sandbox.agentHome, 'outside.md'),
      path.join(skills, 'linked', 'SKILL.md'),
    );
    writeSkill(skills, 'huge', `---\nname: huge\ndescription: big\n---\n${'x'.repeat(300 * 1024)}`);
    // A workspace's skill is not listed until the person approves it.
    writeSkill(
      path.join(cli.sandbox.workspace, '.agent', 'skills'),
      'planted',
      DEPLOY.replace('name: deploy', 'name: planted'),
    );

    const server = await cli.serve([
      { toolCalls: [{ id: 's1', name: 'skill', arguments: { name: 'deploy' } }] },
      {
        toolCalls: [
          { id: 's2', name: 'skill', arguments: { name: 'deploy', file: 'checklist.md' } },
        ],
      },
      { text: 'Deployed.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Deploy it.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const first = JSON.stringify(server.requests[0]!.body);
    expect(systemText(server, 0)).toContain(
      '- deploy: Deploy the app to staging with the release checklist',
    );
    expect(first).not.toContain('DEPLOY-BODY-STEP');
    expect(systemText(server, 0)).not.toContain('planted');
    const loaded = JSON.stringify(server.requests[1]!.body.messages);
    expect(loaded).toContain('DEPLOY-BODY-STEP');
    expect(loaded).toContain('checklist.md');
    expect(JSON.stringify(server.requests[2]!.body.messages)).toContain('CHECKLIST-TEXT');
    expect(result.stderr).toContain(
      `Skill skipped: ${path.join(skills, 'bare', 'SKILL.md')}: no front matter`,
    );
    expect(result.stderr).toContain(
      `${path.join(skills, 'fifo', 'SKILL.md')}: it is not a regular file`,
    );
    expect(result.stderr).toContain('outside its folder');
    expect(result.stderr).toContain('more than the');
    expect(result.stderr).toContain('1 workspace skill(s) are not listed');
  });
});
