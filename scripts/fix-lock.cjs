// npm bug (npm/cli#4828): a lock file written on one platform can lack the other
// platforms' optional packages (rollup binaries, for example), and `npm ci`
// then refuses it as "not in sync". This adds a stub entry for each missing
// optional package (npm skips it on install when its platform does not match).
// A stub carries the `os`, `cpu` and `libc` its name spells out
// (`rollup-win32-x64-msvc` → win32, x64), so `npm ci` does not fetch every
// platform's binary. Run it after `npm install` changes package-lock.json; it
// is a no-op once the lock has them.
const fs = require('node:fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages ?? {};
const OS = ['aix', 'android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32'];
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64'];

/** The platform fields a platform package's name spells out, e.g. `@rollup/rollup-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (os === undefined || cpu === undefined) return {};
  const libc = parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : os === 'linux' && parts.some((p) => p.startsWith('gnu') || p === 'glibc') ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let changed = 0;
for (const [path, meta] of Object.entries({ ...pkgs })) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? path + '/' : ''}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[top]) continue;
    pkgs[top] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    changed++;
  }
}
// Stubs (no integrity) without platform fields: add them where the name tells.
for (const [path, meta] of Object.entries(pkgs)) {
  if (!path.startsWith('node_modules/') || !meta.optional || meta.integrity || meta.os || meta.cpu) continue;
  const platform = platformOf(path);
  if (platform.os) {
    Object.assign(meta, platform);
    changed++;
  }
}
if (changed) {
  fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
  console.log(`ci: fixed ${changed} optional platform package entr${changed === 1 ? 'y' : 'ies'} in package-lock.json (npm/cli#4828)`);
}
