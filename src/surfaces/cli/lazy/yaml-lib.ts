// The part of `yaml` memkit uses, bundled on its own as dist/cli/yaml-lib.cjs: the CLI requires it the first
// time a YAML text needs the full parser or a writer (see ./yaml.ts).
export { isCollection, isMap, isPair, isScalar, isSeq, parseAllDocuments, parseDocument, stringify, visit } from 'yaml';
