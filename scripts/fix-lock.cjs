// npm bug (npm/cli#4828): a lock file written on one platform can lack the other
// platforms' optional packages (deno, esbuild, rollup binaries), and `npm ci`
// then refuses it as "not in sync". This adds a stub entry for each missing
// optional package (npm skips them on install). Run it after `npm install`
// changes package-lock.json; it is a no-op once the lock has them.
const fs = require('node:fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages ?? {};
let added = 0;
for (const [path, meta] of Object.entries({ ...pkgs })) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? path + '/' : ''}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[top]) continue;
    pkgs[top] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
if (added) {
  fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
  console.log(`ci: added ${added} optional platform package stub(s) to package-lock.json (npm/cli#4828)`);
}
