// Packs the package (no lifecycle scripts: run after the build) and checks what
// a consumer would get: publint (strict) and @arethetypeswrong/cli (node16 ESM
// and CJS, and bundler resolution) on the tarball, that every relative link in a
// packed Markdown file resolves to a packed file (the README's links work for an
// installed copy), and that no source maps are shipped. Exits 1 on any finding.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'memkit-pack-'));
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
let step = 'npm pack';
try {
  const out = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir]);
  const packed = JSON.parse(out.slice(out.indexOf('[')))[0];
  const tarball = join(dir, packed.filename);
  step = 'links';
  const files = new Set(packed.files.map((f) => f.path));
  const problems = [...files].filter((f) => f.endsWith('.map')).map((f) => `${f}: a source map is packed`);
  for (const file of [...files].filter((f) => f.endsWith('.md'))) {
    for (const [, target] of readFileSync(file, 'utf8')
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const path = posix.normalize(posix.join(posix.dirname(file), target.split('#')[0]));
      const dirPrefix = path.endsWith('/') ? path : `${path}/`;
      if (!files.has(path) && ![...files].some((f) => f.startsWith(dirPrefix))) problems.push(`${file}: link to ${target} is not in the package`);
    }
  }
  if (problems.length > 0) throw Object.assign(new Error('links'), { stdout: problems.join('\n') + '\n' });
  console.log(`package checks: ${files.size} files, every relative Markdown link resolves, no source maps`);
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
