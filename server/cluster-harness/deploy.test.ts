import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig } from './cluster.ts';

/** What deploy/ ships is what operators install: systemd and HAProxy must take it as it is. */
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const haproxy = ['haproxy', '/usr/sbin/haproxy'].find(has);
const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
const deployed = (file: string) => readFileSync(join('deploy', file), 'utf8');
/** The lines that decide what a client gets when instances fail (decision 0101). */
const failureLines = (config: string) =>
  config
    .split('\n')
    .map((line) => line.trim())
    .filter((line) =>
      /^(retries|option redispatch|retry-on|http-error|default-server)\b/.test(line),
    );

describe('deploy/', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!has('systemd-analyze'))(
    'systemd takes both units without a warning (Restart=always, no start limit)',
    () => {
      for (const unit of ['telemetry-cloud.service', 'telemetry-cloud@.service']) {
        copyFileSync(join('deploy', unit), join(dir, unit));
        expect(deployed(unit)).toMatch(/^Restart=always$/m);
        // A [Unit] setting: systemd ignores it (with a warning) in [Service].
        const unitSection = deployed(unit).split(/^\[Service\]$/m)[0] ?? '';
        expect(unitSection).toMatch(/^\[Unit\]$/m);
        expect(unitSection).toMatch(/^StartLimitIntervalSec=0$/m);
      }
      const verify = spawnSync(
        'systemd-analyze',
        ['verify', join(dir, 'telemetry-cloud.service'), join(dir, 'telemetry-cloud@8081.service')],
        { encoding: 'utf8' },
      );
      expect(verify.stderr + verify.stdout).toBe('');
      expect(verify.status).toBe(0);
    },
  );

  it.skipIf(haproxy === undefined)(
    'HAProxy takes haproxy.cfg, and it fails over as the cluster of start:cluster does',
    () => {
      // The certificate is the operator's: the check binds loopback instead.
      const config = deployed('haproxy.cfg').replace(/^\s*bind .*$/m, '  bind 127.0.0.1:18443');
      writeFileSync(join(dir, 'haproxy.cfg'), config);
      const check = spawnSync(haproxy ?? 'haproxy', ['-c', '-f', join(dir, 'haproxy.cfg')], {
        encoding: 'utf8',
      });
      expect(check.stdout + check.stderr).toMatch(/Configuration file is valid/);
      expect(check.status).toBe(0);
      const cluster = haproxyConfig(8080, [{ name: 'cloud-1', port: 8081 }], false);
      expect(failureLines(config)).toEqual(failureLines(cluster));
      expect(failureLines(config).join('\n')).not.toMatch(/retry-on .*\b503\b/);
    },
  );
});
