import { bigIndex } from './wbs.bench.js';
import { validate } from '../src/schemas/validate.js';
import { checkWbs, compareWbsIds, findDependencyCycles } from '../src/wbs/index.js';
import { buildModel } from '../src/wbs/model.js';
const large = bigIndex(100_000);
const time = (name: string, f: () => unknown) => { const c = process.cpuUsage(); const s = performance.now(); f(); const u = process.cpuUsage(c); console.log(name, 'wall', Math.round(performance.now() - s), 'cpu', Math.round((u.user + u.system) / 1000)); };
for (let k = 0; k < 3; k++) {
time('validate', () => validate('wbs-task-index', large, { maxProblems: 1e9 }));
time('model', () => buildModel(large.tasks));
time('cycles', () => findDependencyCycles(large));
time('check', () => checkWbs(large));
}
