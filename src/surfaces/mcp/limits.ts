import { utf8Length } from '../../kernel/canonical/bytes.js';
import { shown } from '../../handle/context.js';
import { type Problem, type Result, error } from '../../kernel/problems/index.js';

/** How much the MCP server returns and does at once (see `MemkitMcpOptions.limits`). */
export interface McpLimits {
  /**
   * The largest tool or resource result in bytes on the wire (default 1 MiB,
   * under the 10 MiB a stdio client buffers); larger results are paged,
   * shortened with a count of what was left off, or `mcp.result-too-large`.
   */
  maxResultBytes: number;
  /** Tool calls and resource reads worked on at once (default 4); the others wait their turn. */
  maxConcurrentCalls: number;
}

/** The limits of `options`; a value that is not a positive integer is the default. */
export function limitsOf(options: { limits?: Partial<McpLimits> }): McpLimits {
  const pick = (key: keyof McpLimits, fallback: number) => {
    const v = options.limits?.[key];
    return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : fallback;
  };
  return { maxResultBytes: pick('maxResultBytes', 1024 * 1024), maxConcurrentCalls: pick('maxConcurrentCalls', 4) };
}

/** The wire size of `value` as a tool result: its JSON is a JSON string again inside the JSON-RPC message, escaped twice. */
export function wireBytes(value: unknown): number {
  return utf8Length(JSON.stringify(JSON.stringify(value) ?? 'null'));
}

// Wire bytes of one UTF-16 unit of a string value escaped twice (see wireBytes); pairs are handled by the caller.
function unitCost(c: number): number {
  if (c === 0x22 || c === 0x5c) return 4; // " -> \" -> \\\"
  if (c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) return 3; // \n -> \\n
  if (c < 0x20) return 7; // \u0001 -> \\u0001
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdfff) return 7; // a lone surrogate: JSON.stringify writes \udXXX
  return 3;
}

/** How many UTF-16 units of `text`, from the start, fit in `budget` wire bytes as a string of a tool result (never splitting a pair). */
export function fittingPrefix(text: string, budget: number): number {
  let used = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const cost = pair ? 4 : unitCost(c);
    if (used + cost > budget) break;
    used += cost;
    i += pair ? 2 : 1;
  }
  return i;
}

/** The first items of `items` whose wire sizes add up to at most `budget`, and how many were left off. */
export function takeWithin<T>(items: readonly T[], budget: number): { kept: T[]; leftOff: number } {
  const kept: T[] = [];
  let used = 0;
  for (const item of items) {
    // +1 for the comma between items.
    const cost = wireBytes(item) + 1;
    if (used + cost > budget) break;
    used += cost;
    kept.push(item);
  }
  return { kept, leftOff: items.length - kept.length };
}

const MAX_MESSAGE = 1000;
const MAX_PLACE = 300;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`);

/** `problem` with its message, file and pointer cut to a readable length: whatever raised it, a result never carries a huge echo. */
export function boundedProblem(problem: Problem): Problem {
  const long = problem.message.length > MAX_MESSAGE || (problem.file?.length ?? 0) > MAX_PLACE || (problem.pointer?.length ?? 0) > MAX_PLACE;
  if (!long) return problem;
  const out: Problem = { ...problem, message: cut(problem.message, MAX_MESSAGE) };
  if (problem.file !== undefined) out.file = cut(problem.file, MAX_PLACE);
  if (problem.pointer !== undefined) out.pointer = cut(problem.pointer, MAX_PLACE);
  return out;
}

/** The `mcp.result-too-large` problem: what could not be made to fit in `budget` bytes. */
export function tooLargeResult(what: string, budget: number): Problem {
  return error('mcp.result-too-large', `the result for ${shown(what)} does not fit the ${budget} bytes a result may have; ask for less (a smaller limit, or read the file by path with an offset)`);
}

/**
 * A tool's result within `budget` wire bytes: problems cut short; a problem
 * list too long shortened, `leftOff` (failures) or `warningsLeftOff` saying
 * how many were left off; a value still too large `mcp.result-too-large`.
 */
export function boundedResult(result: Result<unknown>, budget: number, tool: string): { value: unknown; isError: boolean } {
  if (!result.ok) {
    const problems = result.problems.map(boundedProblem);
    const body = { ok: false, problems };
    if (wireBytes(body) <= budget) return { value: body, isError: true };
    const { kept, leftOff } = takeWithin(problems, budget - 128);
    return { value: { ok: false, problems: kept, truncated: true, leftOff }, isError: true };
  }
  const warnings = (result.problems ?? []).map(boundedProblem);
  const value = result.value;
  const carries = warnings.length > 0 && typeof value === 'object' && value !== null && !Array.isArray(value);
  const whole = carries ? { ...value, warnings } : value;
  if (wireBytes(whole) <= budget) return { value: whole, isError: false };
  if (carries) {
    const bare = wireBytes(value);
    if (bare < budget - 128) {
      const { kept, leftOff } = takeWithin(warnings, budget - bare - 128);
      return { value: { ...value, warnings: kept, warningsLeftOff: leftOff }, isError: false };
    }
  }
  return { value: { ok: false, problems: [tooLargeResult(tool, budget)] }, isError: true };
}
