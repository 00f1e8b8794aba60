// Packs the package and checks what a consumer would get: publint and
// @arethetypeswrong/cli (node16 and bundler resolution) on the tarball.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'memkit-pack-'));
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
try {
  const out = run('npm', ['pack', '--json', '--pack-destination', dir]);
  const tarball = join(dir, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
  process.stdout.write(run('npx', ['--no-install', 'publint', 'run', tarball, '--strict']));
  process.stdout.write(run('npx', ['--no-install', 'attw', tarball, '--profile', 'node16', '--format', 'table-flipped']));
  console.log('package checks: publint and attw clean');
} catch (e) {
  console.error('package checks failed');
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
