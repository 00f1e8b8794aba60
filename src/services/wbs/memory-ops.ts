import { parseAllDocuments } from 'yaml';
import { parseJson } from '../../syntax/json.js';
import { type Problem, type Result, error, fail, hasErrors, inFile, ok } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { validate } from '../../schema/validate.js';
import type { FilePort } from '../../kernel/file-port.js';
import { sameBytes } from '../../kernel/canonical/bytes.js';
import { fileNameOf, wbsTask, wbsTaskIndex } from '../../formats/index.js';
import { idFromFile } from '../../formats/wbs/invariants.js';
import { type JsonPatchOperation, applyJsonPatch } from './json-patch.js';
import { type WbsFormat, parseWbsJson } from '../../formats/wbs/limits.js';

/** Every memory path begins with this. */
export const WBS_MEMORY_ROOT = '.claude/memory/';

/** The index file, relative to the memory directory. */
export const INDEX_FILE = fileNameOf(wbsTaskIndex);

const MEMORY_EXTENSIONS = ['.json', '.md', '.txt', '.yaml', '.yml'];

/**
 * Problems with a memory path, `[]` when it is safe: relative, under `.claude/memory/`, no `..`, `.` or empty
 * segment, no backslash or control character, an allowed extension.
 * @example checkMemoryPath('.claude/memory/../secrets.json') // [{ code: 'wbs.path-traversal', ... }]
 */
export function checkMemoryPath(path: unknown): Problem[] {
  if (typeof path !== 'string') return [error('wbs.path-outside', 'a memory path must be a string')];
  const shown = JSON.stringify(path);
  const where = { file: path.replace(/[\u0000-\u001f\u007f]/g, '?') };
  if (/[\u0000-\u001f\u007f]/.test(path)) return [error('wbs.path-nul', `${shown} contains a NUL or control character`, where)];
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path) || path.startsWith('~')) return [error('wbs.path-absolute', `${shown} is absolute`, where)];
  if (path.includes('\\')) return [error('wbs.path-traversal', `${shown} contains a backslash`, where)];
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return [error('wbs.path-traversal', `${shown} contains ".."`, where)];
  if (segments.some((s, i) => s === '.' || (s === '' && i > 0))) return [error('wbs.path-traversal', `${shown} has an empty or "." segment`, where)];
  if (!path.startsWith(WBS_MEMORY_ROOT)) return [error('wbs.path-outside', `${shown} does not begin with ${WBS_MEMORY_ROOT}`, where)];
  const name = segments[segments.length - 1]!;
  if (!MEMORY_EXTENSIONS.some((ext) => name.endsWith(ext) && name.length > ext.length)) return [error('wbs.path-extension', `${shown} must end in one of ${MEMORY_EXTENSIONS.join(' ')}`, where)];
  return [];
}

/** The memkit format of a JSON memory file, by its path. */
export function memoryFormatOf(path: string): WbsFormat | undefined {
  const rel = path.startsWith(WBS_MEMORY_ROOT) ? path.slice(WBS_MEMORY_ROOT.length) : path;
  if (rel === INDEX_FILE) return wbsTaskIndex.id;
  if (/^tasks\/[^/]+\.json$/.test(rel)) return wbsTask.id;
  return undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Problems with the content of a memory file: UTF-8, and JSON/YAML that parses; task files validated by format. */
function verifyMemoryContent(path: string, bytes: Uint8Array): Problem[] {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return [error('wbs.not-text', 'the content is not valid UTF-8', { file: path })];
  }
  if (path.endsWith('.json')) {
    const format = memoryFormatOf(path);
    const parsed = format === undefined ? parseJson(text) : parseWbsJson(text, format, bytes.length);
    if (!parsed.ok) return inFile(parsed.problems, path);
    if (format === undefined) return [];
    const problems = validate(format, parsed.value);
    const named = format === wbsTask.id ? idFromFile(path) : undefined;
    const v = parsed.value as { id?: unknown };
    if (named !== undefined && v !== null && typeof v === 'object' && typeof v.id === 'string' && v.id !== named)
      problems.push(error('wbs.entity-file-name', `${path} would hold id "${v.id}"`, { pointer: '/id' }));
    return inFile(problems, path);
  }
  if (path.endsWith('.yaml') || path.endsWith('.yml')) {
    try {
      for (const doc of parseAllDocuments(text, { prettyErrors: false })) {
        const first = 'errors' in doc ? doc.errors[0] : undefined;
        if (first) return [error('wbs.not-yaml', first.message, { file: path, line: first.linePos?.[0]?.line, column: first.linePos?.[0]?.col })];
      }
    } catch (cause) {
      return [error('wbs.not-yaml', String(cause), { file: path })];
    }
  }
  return [];
}

/** Reads a file through the port as UTF-8 text; never throws (`wbs.read-failed`, `wbs.file-missing`, `wbs.not-text` with the bytes). */
export async function readText(files: FilePort, path: string): Promise<{ bytes?: Uint8Array; text?: string; problems: Problem[] }> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await files.read(path);
  } catch (cause) {
    return { problems: [error('wbs.read-failed', `reading ${path} failed: ${messageOf(cause)}`, { file: path })] };
  }
  if (bytes === undefined) return { problems: [error('wbs.file-missing', `${path} does not exist`, { file: path })] };
  try {
    return { bytes, text: decoder.decode(bytes), problems: [] };
  } catch {
    return { bytes, problems: [error('wbs.not-text', `${path} is not valid UTF-8`, { file: path })] };
  }
}

/** Reads a JSON memory file through the port and parses it (a WBS format under its limit); `bytes` as read, when the read succeeded. */
export async function readJsonFile(files: FilePort, path: string, format: WbsFormat | undefined): Promise<{ bytes?: Uint8Array; value?: unknown; problems: Problem[] }> {
  const read = await readText(files, path);
  if (read.text === undefined) return read;
  const parsed = format === undefined ? parseJson(read.text) : parseWbsJson(read.text, format, read.bytes?.length);
  return parsed.ok ? { bytes: read.bytes, value: parsed.value, problems: [] } : { bytes: read.bytes, problems: inFile(parsed.problems, path) };
}

/** Writes `bytes` to `temp` and reads them back: whether the temp holds exactly them. Port failures reject. */
export async function stage(files: FilePort, temp: string, bytes: Uint8Array): Promise<boolean> {
  await files.write(temp, bytes);
  return sameBytes(await files.read(temp), bytes);
}

/** Options of {@link memoryWrite} and {@link memoryUpdateJson}. */
export interface MemoryWriteOptions {
  /**
   * A further check of the new bytes, after memkit's own and before anything is written (a directory checker run
   * on the result, for one): an error among its problems refuses the write, its warnings ride along.
   */
  verify?: (path: string, bytes: Uint8Array) => readonly Problem[] | Promise<readonly Problem[]>;
}

/**
 * The seed's `memory_write(file, content)`: checks the path and the content (UTF-8, JSON or YAML that parses, WBS
 * files valid, and `options.verify`), then writes `file.tmp`, reads it back and renames it over the file; the
 * temp file is removed when any step fails.
 * @example
 * declare const files: FilePort;
 * await memoryWrite(files, '.claude/memory/notes.md', '# Notes\n')
 */
export async function memoryWrite(files: FilePort, path: string, content: string | Uint8Array, options: MemoryWriteOptions = {}): Promise<Result<void>> {
  const bad = checkMemoryPath(path);
  if (bad.length > 0) return fail(bad);
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const problems = verifyMemoryContent(path, bytes);
  if (hasErrors(problems)) return fail(problems);
  if (options.verify !== undefined) {
    let verified: readonly Problem[];
    try {
      verified = await options.verify(path, bytes);
    } catch (cause) {
      return fail([error('wbs.verify-failed', `checking the new ${path} failed: ${messageOf(cause)}`, { file: path })]);
    }
    if (hasErrors(verified)) return fail([...verified]);
    problems.push(...verified);
  }
  // file.tmp, read back and compared (so it holds the bytes just verified), then renamed over the file.
  const tmp = path + '.tmp';
  try {
    if (await stage(files, tmp, bytes)) {
      await files.rename(tmp, path);
      return ok(undefined, problems);
    }
    await files.remove(tmp).catch(() => undefined);
    return fail([error('wbs.verify-failed', `${tmp} did not read back as written`, { file: path })]);
  } catch (cause) {
    await files.remove(tmp).catch(() => undefined);
    return fail([error('wbs.write-failed', `writing ${path} failed: ${messageOf(cause)}`, { file: path })]);
  }
}

/**
 * The seed's `memory_read(file)`: checks the path and returns the file's text.
 * @example
 * declare const files: FilePort;
 * const text = unwrap(await memoryRead(files, '.claude/memory/task-index.json'))
 */
export async function memoryRead(files: FilePort, path: string): Promise<Result<string>> {
  const bad = checkMemoryPath(path);
  if (bad.length > 0) return fail(bad);
  const read = await readText(files, path);
  return read.text === undefined ? fail(read.problems) : ok(read.text);
}

/** How {@link memoryUpdateJson} changes a document: a pure function of a copy, or an RFC 6902 JSON Patch. */
export type JsonUpdate = ((value: unknown) => unknown) | readonly JsonPatchOperation[];

/**
 * The seed's `memory_update_json(file, jq_expression)` with a pure function or a JSON Patch for jq: the update of a
 * copy is written through {@link memoryWrite} (2-space JSON, final newline, `options.verify` applied); returns the new value.
 * @example
 * declare const files: FilePort;
 * await memoryUpdateJson(files, '.claude/memory/tasks/1.1.json', (t) => ({ ...(t as object), status: 'done' }))
 */
export async function memoryUpdateJson(files: FilePort, path: string, update: JsonUpdate, options: MemoryWriteOptions = {}): Promise<Result<unknown>> {
  const bad = checkMemoryPath(path);
  if (bad.length === 0 && !path.endsWith('.json')) bad.push(error('wbs.path-extension', `${JSON.stringify(path)} is not a .json file`, { file: path }));
  if (bad.length > 0) return fail(bad);
  const parsed = await readJsonFile(files, path, memoryFormatOf(path));
  if (parsed.value === undefined) return fail(parsed.problems);
  let next: unknown;
  if (typeof update === 'function') {
    try {
      next = update(JSON.parse(JSON.stringify(parsed.value)));
    } catch (cause) {
      return fail([error('wbs.update-failed', `the update function threw: ${messageOf(cause)}`, { file: path })]);
    }
  } else {
    const patched = applyJsonPatch(parsed.value, update);
    if (!patched.ok) return fail(inFile(patched.problems, path));
    next = patched.value;
  }
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(next, null, 2);
  } catch (cause) {
    return fail([error('wbs.update-failed', `the result is not JSON: ${messageOf(cause)}`, { file: path })]);
  }
  if (serialized === undefined) return fail([error('wbs.update-failed', 'the update returned a value that is not JSON', { file: path })]);
  const written = await memoryWrite(files, path, serialized + '\n', options);
  return written.ok ? ok(JSON.parse(serialized), written.problems) : written;
}
