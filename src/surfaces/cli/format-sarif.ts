import type { Log, ReportingDescriptor, Result as SarifResult } from 'sarif';
import type { Problem } from '../../kernel/problems/index.js';
import { ALL_CODES } from '../all-codes.js';
import { SPEC_NAMES, describeSource } from '../../kernel/problems/codes.js';
import type { Report } from './io.js';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * Renders a report as SARIF 2.1.0: one run, one rule per problem code (from
 * every declared code), one result per problem, paths relative to `rootUri`
 * (`uriBaseId: "ROOT"`, never with `..`); a file outside the root gets an
 * absolute `file:` URI when one can be formed. `windows` reads `C:/…` as a drive path.
 */
export function formatSarif(report: Report, options: { version: string; rootUri?: string; windows?: boolean }): Log {
  const codes = [...new Set(report.problems.map((p) => p.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules: ReportingDescriptor[] = codes.map((code) => {
    const info = ALL_CODES.get(code);
    return {
      id: code,
      ...(info
        ? {
            shortDescription: { text: info.meaning },
            help: { text: `${info.fix}\n\nSource: ${describeSource(info)}` },
            defaultConfiguration: { level: info.severity },
            properties: {
              source: typeof info.source === 'object' ? { spec: SPEC_NAMES[info.source.seed], quote: info.source.quote } : (info.source ?? 'unknown'),
              ...(info.format === undefined ? {} : { format: info.format }),
            },
          }
        : {}),
      helpUri: `https://github.com/memkit/memkit/blob/main/docs/problems.md#${code.replace(/\./g, '')}`,
    };
  });
  const results: SarifResult[] = report.problems.map((p) => result(p, index.get(p.code)!, options.rootUri, options.windows === true));
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'memkit', version: options.version, informationUri: 'https://github.com/memkit/memkit', rules } },
        ...(options.rootUri ? { originalUriBaseIds: { ROOT: { uri: options.rootUri } } } : {}),
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}

/** A `/`-separated path as a URI reference, each segment percent-encoded. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function artifactLocation(file: string, rootUri: string | undefined, windows: boolean): { uri: string; uriBaseId?: string } {
  // `A:/x` is a drive path only on Windows; elsewhere `A:` is a directory name like any other.
  const windowsAbsolute = windows && /^[A-Za-z]:[\\/]/.test(file);
  const segments = file.split('/');
  const inside = !windowsAbsolute && !file.startsWith('/') && !segments.includes('..');
  if (inside && rootUri !== undefined) return { uri: encodePath(file), uriBaseId: 'ROOT' };
  if (windowsAbsolute) return { uri: `file:///${encodePath(file.replace(/\\/g, '/')).replace(/^([A-Za-z])%3A/, '$1:')}` };
  // Resolving against the root folds the `..` segments away.
  if (rootUri !== undefined) return { uri: new URL(encodePath(file), rootUri).href };
  return { uri: file.startsWith('/') ? `file://${encodePath(file)}` : encodePath(file) };
}

function result(p: Problem, ruleIndex: number, rootUri: string | undefined, windows: boolean): SarifResult {
  const r: SarifResult = { ruleId: p.code, ruleIndex, level: p.severity === 'error' ? 'error' : 'warning', message: { text: p.message } };
  if (p.file !== undefined) {
    r.locations = [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(p.file, rootUri, windows),
          ...(p.line !== undefined ? { region: { startLine: p.line, ...(p.column !== undefined ? { startColumn: p.column } : {}) } } : {}),
        },
      },
    ];
  }
  if (p.pointer !== undefined) r.properties = { pointer: p.pointer };
  return r;
}
