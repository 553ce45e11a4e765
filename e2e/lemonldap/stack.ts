import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { consoleSecurityHeaders } from '../../server/http/console.ts';

/**
 * LemonLDAP::NG from Debian (package `lemonldap-ng`, its FastCGI server and nginx in front), set
 * up for one test run from the files beside this module: a public client `telemetry-console` with
 * PKCE, JWT access tokens carrying the person's claims and roles, the API as an extra audience,
 * and refresh tokens. nginx also serves the built console from a second origin. Everything listens
 * on 127.0.0.1 and lives in a temporary folder that `stop()` removes.
 */
export interface LemonLdapOptions {
  portalPort: number;
  consolePort: number;
  /** A second console whose client gets tokens without the API audience. */
  plainConsolePort: number;
  /** The cloud the console talks to, e.g. http://127.0.0.1:8185 */
  cloudOrigin: string;
  /** The built console (`dist/`), as an absolute path. */
  consoleDir: string;
  apiAudience: string;
  accessTokenTtl: number;
}

export interface LemonLdap {
  /** The issuer, exactly as its discovery document names it. */
  issuer: string;
  consoleOrigin: string;
  plainConsoleOrigin: string;
  clientId: string;
  stop(): Promise<void>;
}

const FASTCGI_SERVER = '/usr/sbin/llng-fastcgi-server';
const PORTAL = '/usr/share/lemonldap-ng/portal/htdocs/index.psgi';
const NGINX = '/usr/sbin/nginx';
const CLIENT_ID = 'telemetry-console';
const PLAIN_CLIENT_ID = 'telemetry-console-plain';

/** Perl modules the portal loads at start that Debian only recommends or suggests. */
const PERL_MODULES = ['String::Random', 'IO::String', 'GD::SecurityImage', 'Image::Magick'];
const PACKAGES =
  'lemonldap-ng lemonldap-ng-fastcgi-server nginx libstring-random-perl libio-string-perl ' +
  'libgd-securityimage-perl libimage-magick-perl';

/** Why LemonLDAP::NG cannot run here, or null when it can. */
export function lemonLdapMissing(): string | null {
  const files = [FASTCGI_SERVER, PORTAL, NGINX].filter((path) => !existsSync(path));
  const modules =
    files.length > 0
      ? []
      : PERL_MODULES.filter(
          (module) => spawnSync('perl', [`-M${module}`, '-e1'], { stdio: 'ignore' }).status !== 0,
        );
  const missing = [...files, ...modules];
  if (missing.length === 0) return null;
  return (
    `LemonLDAP::NG cannot run here (missing ${missing.join(', ')}). ` +
    `Install it with: apt-get install -y --no-install-recommends ${PACKAGES} (.ci/run does).`
  );
}

const here = new URL('.', import.meta.url).pathname;

function render(file: string, values: Record<string, string>): string {
  const text = readFileSync(join(here, file), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: no value for {{${name}}}`);
    return value;
  });
}

/** The FastCGI server refuses to run as root; it then runs as www-data, which must own the folder. */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  const entry = passwd.find((line) => line.startsWith('www-data:'))?.split(':');
  if (!entry) throw new Error('running as root, and there is no www-data user to run LemonLDAP as');
  return { user: 'www-data', uid: Number(entry[2]), gid: Number(entry[3]) };
}

async function waitFor(url: string, child: ChildProcess[], log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (child.some((process) => process.exitCode !== null)) {
      throw new Error(`LemonLDAP::NG stopped while starting:\n${log()}`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(Math.min(100 * 2 ** attempt, 1_000));
  }
  throw new Error(`LemonLDAP::NG did not answer ${url} within 30 s:\n${log()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startLemonLdap(options: LemonLdapOptions): Promise<LemonLdap> {
  const missing = lemonLdapMissing();
  if (missing) throw new Error(missing);
  if (!isAbsolute(options.consoleDir)) throw new Error('consoleDir must be an absolute path');
  const dir = await mkdtemp(join(tmpdir(), 'telemetry-lemonldap-'));
  const portal = `http://127.0.0.1:${options.portalPort}`;
  const consoleOrigin = `http://127.0.0.1:${options.consolePort}`;
  const plainConsoleOrigin = `http://127.0.0.1:${options.plainConsolePort}`;
  const owner = runAs();

  for (const sub of ['conf', 'cache', 'sessions/lock', 'psessions/lock']) {
    mkdirSync(join(dir, sub), { recursive: true });
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: typeof privateKey) =>
    key.export({ format: 'pem', type: key.type === 'private' ? 'pkcs8' : 'spki' }).toString();
  const values = {
    DIR: dir,
    PORTAL: portal,
    CONSOLE_ORIGIN: consoleOrigin,
    CONSOLE_PORT: String(options.consolePort),
    PLAIN_CONSOLE_ORIGIN: plainConsoleOrigin,
    PLAIN_CONSOLE_PORT: String(options.plainConsolePort),
    CONSOLE_POLICY: consoleSecurityHeaders([options.cloudOrigin, portal])[
      'content-security-policy'
    ],
    PORTAL_PORT: String(options.portalPort),
    CONSOLE_DIR: options.consoleDir,
    CLOUD_ORIGIN: options.cloudOrigin,
    API_AUDIENCE: options.apiAudience,
    ACCESS_TOKEN_TTL: String(options.accessTokenTtl),
    KEY: randomBytes(24).toString('hex'),
    // JSON strings: the PEM's line breaks escaped.
    PRIVATE_KEY: JSON.stringify(pem(privateKey)).slice(1, -1),
    PUBLIC_KEY: JSON.stringify(pem(publicKey)).slice(1, -1),
    USER: owner ? `user ${owner.user};` : '',
  };
  writeFileSync(join(dir, 'lemonldap-ng.ini'), render('lemonldap-ng.ini', values));
  writeFileSync(join(dir, 'conf', 'lmConf-1.json'), render('lmConf-1.json', values));
  writeFileSync(join(dir, 'nginx.conf'), render('nginx.conf', values));
  const consoleConfig = (clientId: string) =>
    JSON.stringify({
      apiBaseUrl: options.cloudOrigin,
      authMode: 'oidc',
      authority: portal,
      clientId,
      audience: options.apiAudience,
    });
  writeFileSync(join(dir, 'console-config.json'), consoleConfig(CLIENT_ID));
  writeFileSync(join(dir, 'plain-console-config.json'), consoleConfig(PLAIN_CLIENT_ID));
  if (owner) {
    // LemonLDAP (as www-data) writes sessions and caches; nginx's workers read the console.
    const own = (path: string) => chownSync(path, owner.uid, owner.gid);
    for (const sub of ['', 'conf', 'cache', 'sessions', 'sessions/lock', 'psessions']) {
      own(join(dir, sub));
    }
    own(join(dir, 'psessions', 'lock'));
    own(join(dir, 'conf', 'lmConf-1.json'));
    chmodSync(dir, 0o755);
  }

  // Everything goes to a log in the folder; a failure quotes its first errors, which say why
  // (the later ones repeat the consequence).
  const lines: string[] = [];
  const collect = (name: string) => (chunk: Buffer) => {
    if (lines.length < 20_000)
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .map((l) => `${name}: ${l}`),
      );
  };
  const log = () => {
    const errors = lines.filter((line) => /\[error\]|emerg|Can't|failed/i.test(line));
    return (errors.length > 0 ? errors : lines.slice(-30)).slice(0, 30).join('\n');
  };
  const env = {
    ...process.env,
    LLNG_DEFAULTCONFFILE: join(dir, 'lemonldap-ng.ini'),
    LLNG_DEFAULTLOGGER: 'Lemonldap::NG::Common::Logger::Std',
  };
  const fastcgi = spawn(
    FASTCGI_SERVER,
    [
      '--foreground',
      '--proc',
      '2',
      '--socket',
      join(dir, 'llng-fastcgi.sock'),
      '--pid',
      join(dir, 'llng-fastcgi.pid'),
      ...(owner ? ['--user', owner.user, '--group', owner.user] : []),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  fastcgi.stdout?.on('data', collect('llng'));
  fastcgi.stderr?.on('data', collect('llng'));
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stdout?.on('data', collect('nginx'));
  nginx.stderr?.on('data', collect('nginx'));
  const children = [fastcgi, nginx];

  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${portal}/.well-known/openid-configuration`, children, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { issuer: portal, consoleOrigin, plainConsoleOrigin, clientId: CLIENT_ID, stop };
}
