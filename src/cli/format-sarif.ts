import type { Log, ReportingDescriptor, Result as SarifResult } from 'sarif';
import type { Problem } from '../problems/index.js';
import { allCodes } from './all-codes.js';
import type { Report } from './report.js';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * Renders a report as SARIF 2.1.0 for code-scanning tools: one run, one rule
 * per problem code (with its meaning and fix), one result per problem, paths
 * relative to the checked root (`originalUriBaseIds.ROOT`).
 */
export function formatSarif(report: Report, options: { version: string; rootUri?: string }): Log {
  const codes = [...new Set(report.problems.map((p) => p.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules: ReportingDescriptor[] = codes.map((code) => {
    const info = allCodes[code];
    return {
      id: code,
      ...(info
        ? {
            shortDescription: { text: info.meaning },
            help: { text: info.fix },
            defaultConfiguration: { level: info.severity === 'warning' ? 'warning' : 'error' },
          }
        : {}),
      helpUri: `https://github.com/memkit/memkit/blob/main/docs/problems.md#${code.replace(/\./g, '')}`,
    };
  });
  const results: SarifResult[] = report.problems.map((p) => result(p, index.get(p.code)!));
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

function result(p: Problem, ruleIndex: number): SarifResult {
  const r: SarifResult = { ruleId: p.code, ruleIndex, level: p.severity === 'error' ? 'error' : 'warning', message: { text: p.message } };
  if (p.file !== undefined) {
    r.locations = [
      {
        physicalLocation: {
          artifactLocation: { uri: p.file.split('/').map(encodeURIComponent).join('/'), uriBaseId: 'ROOT' },
          ...(p.line !== undefined ? { region: { startLine: p.line, ...(p.column !== undefined ? { startColumn: p.column } : {}) } } : {}),
        },
      },
    ];
  }
  if (p.pointer !== undefined) r.properties = { pointer: p.pointer };
  return r;
}
