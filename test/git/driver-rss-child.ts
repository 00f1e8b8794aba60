// Runs `memkit merge-driver` with the arguments given and prints its exit code and this process's peak RSS (bytes).
import { run } from '../../src/surfaces/cli/run.js';

let stderr = '';
const code = await run(['merge-driver', ...process.argv.slice(2)], {
  stdout: () => {},
  stderr: (s) => void (stderr += s),
  stdoutTTY: false,
  stderrTTY: false,
  env: process.env,
  cwd: process.cwd(),
});
process.stdout.write(JSON.stringify({ code, stderr, maxRss: process.resourceUsage().maxRSS * 1024 }));
