// Packs the package (no lifecycle scripts: run after the build) and checks what
// a consumer would get: publint (strict) and @arethetypeswrong/cli (node16 ESM
// and CJS, and bundler resolution) on the tarball. Exits 1 on any finding.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'memkit-pack-'));
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
let step = 'npm pack';
try {
  const out = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir]);
  const tarball = join(dir, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
  step = 'publint';
  process.stdout.write(run('npx', ['--no-install', 'publint', 'run', tarball, '--strict']));
  step = 'attw';
  process.stdout.write(run('npx', ['--no-install', 'attw', tarball, '--profile', 'node16', '--format', 'table-flipped']));
  console.log('package checks: publint and attw clean');
} catch (e) {
  process.stdout.write(String(e.stdout ?? ''));
  process.stderr.write(String(e.stderr ?? ''));
  console.error(`package checks failed at ${step}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
