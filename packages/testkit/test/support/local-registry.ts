import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A Verdaccio registry on 127.0.0.1 with no uplinks: it serves what was published to it and
 * nothing else, so an install from it never reaches the network.
 */
export interface LocalRegistry {
  url: string;
  /** A publish token of the registry's one user. */
  token: string;
  /** The environment for npm and pnpm installs: this registry and nothing of the user's. */
  env: NodeJS.ProcessEnv;
  /** The same with the publish token, for changesets. */
  publishEnv: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts Verdaccio with its storage, users and config under `dir`. */
export async function startLocalRegistry(dir: string, signal: AbortSignal): Promise<LocalRegistry> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      // JSON web tokens are checked by their signature; the default tokens hold the password,
      // checked with bcrypt (about half a second of CPU) on every request.
      'security:',
      '  api:',
      '    jwt:',
      '      sign:',
      '        expiresIn: 1d',
      'max_body_size: 500mb',
      `listen: 127.0.0.1:${port}`,
      'log: { type: stdout, format: pretty, level: error }',
      '',
    ].join('\n'),
  );
  const verdaccio = path.join(
    path.dirname(require.resolve('verdaccio/package.json')),
    'bin',
    'verdaccio',
  );
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [verdaccio, '--config', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    for (;;) {
      signal.throwIfAborted();
      if (child.exitCode !== null) throw new Error(`verdaccio exited: ${output}`);
      const ping = await fetch(`${url}/-/ping`, { signal }).catch(() => undefined);
      if (ping?.ok) break;
      await delay(100, undefined, { signal });
    }
    const user = await fetch(`${url}/-/user/org.couchdb.user:ci`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci', password: 'ci-password' }),
      signal,
    });
    const { token } = (await user.json()) as { token?: string };
    if (!token) throw new Error(`verdaccio gave no token (${user.status}): ${output}`);
    const npmEnv = (userconfig: string, npmrc: string): NodeJS.ProcessEnv => {
      fs.writeFileSync(userconfig, npmrc);
      return {
        NPM_CONFIG_USERCONFIG: userconfig,
        npm_config_registry: `${url}/`,
        npm_config_cache: path.join(dir, 'npm-cache'),
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      };
    };
    const host = url.replace(/^http:/, '');
    // Installs are anonymous (reading needs no user); only publishing sends the token.
    const env = npmEnv(path.join(dir, 'npmrc'), `registry=${url}/\n`);
    const publishEnv = npmEnv(
      path.join(dir, 'npmrc-publish'),
      `registry=${url}/\n${host}/:_authToken=${token}\n`,
    );
    return { url, token, env, publishEnv, close };
  } catch (error) {
    await close();
    throw error;
  }
}
