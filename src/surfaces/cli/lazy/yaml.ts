// `yaml` for the CLI bundle (tsup.config.ts aliases the package to this module): the YAML memory files
// hold is read by memkit's own reader for flat blocks, so most commands never need the full parser.
// It is required from dist/cli/yaml-lib.cjs the first time one is called; until then no YAML node can
// exist, so the type guards answer false without loading it.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

type Lib = Pick<typeof Yaml, 'isCollection' | 'isMap' | 'isPair' | 'isScalar' | 'isSeq' | 'parseAllDocuments' | 'parseDocument' | 'stringify' | 'visit'>;

let loaded: Lib | undefined;
const lib = (): Lib => (loaded ??= createRequire(import.meta.url)('./yaml-lib.cjs') as Lib);

export const parseDocument: Lib['parseDocument'] = ((...args: Parameters<Lib['parseDocument']>) => lib().parseDocument(...args)) as Lib['parseDocument'];
export const parseAllDocuments: Lib['parseAllDocuments'] = ((...args: Parameters<Lib['parseAllDocuments']>) => lib().parseAllDocuments(...args)) as Lib['parseAllDocuments'];
export const stringify: Lib['stringify'] = ((...args: Parameters<Lib['stringify']>) => lib().stringify(...args)) as Lib['stringify'];
// visit's BREAK, SKIP and REMOVE are read when a visitor returns them, after visit itself loaded yaml.
export const visit: Lib['visit'] = Object.defineProperties((...args: Parameters<Lib['visit']>) => lib().visit(...args), {
  BREAK: { get: () => lib().visit.BREAK },
  SKIP: { get: () => lib().visit.SKIP },
  REMOVE: { get: () => lib().visit.REMOVE },
}) as unknown as Lib['visit'];
export const isMap: Lib['isMap'] = ((node: unknown) => loaded?.isMap(node) === true) as Lib['isMap'];
export const isPair: Lib['isPair'] = ((node: unknown) => loaded?.isPair(node) === true) as Lib['isPair'];
export const isScalar: Lib['isScalar'] = ((node: unknown) => loaded?.isScalar(node) === true) as Lib['isScalar'];
export const isSeq: Lib['isSeq'] = ((node: unknown) => loaded?.isSeq(node) === true) as Lib['isSeq'];
export const isCollection: Lib['isCollection'] = ((node: unknown) => loaded?.isCollection(node) === true) as Lib['isCollection'];
