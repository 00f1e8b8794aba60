import { type Hasher, sha256Hex } from '../../kernel/canonical/index.js';
import { type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { Rfc3339DateTime as DateTime } from '../../schema/common.js';
import { type FILE_KINDS, type FileV2, SafeRelativePath } from '../../schema/export-v2.js';
import { type Layout, PATH_ONLY_LAYOUT, classifyPath, formatById, sniffFormat } from '../../formats/index.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import { isSchemaValid } from '../../formats/export-bundle/records.js';

/** How memkit classifies a memory file (`File.kind`). */
export type FileKind = (typeof FILE_KINDS)[number];

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** True when `path` is a safe relative path (no `..`, no absolute, no backslash or NUL). */
export function isSafePath(path: string): boolean {
  return isSchemaValid(SafeRelativePath, path);
}

/**
 * Classifies a file by the table of formats, as `memkit check` discovers
 * them (`layout`: see `layoutOf`): the export kind of the format found by
 * location or told by content; any other `*.jsonl` is an append-only `ledger`.
 */
export function classifyFile(path: string, text: string | undefined, layout: Layout = PATH_ONLY_LAYOUT): FileKind {
  const cls = classifyPath(path, layout);
  if (cls !== undefined && 'format' in cls) return formatById(cls.format).exportKind;
  if (path.endsWith('.jsonl')) return 'ledger';
  const sniffed = cls !== undefined && text !== undefined && text.length < 64 * 1024 * 1024 ? sniffFormat(cls.sniff, text) : undefined;
  return sniffed === undefined ? 'other' : formatById(sniffed).exportKind;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function dateOf(v: unknown): string | null {
  return typeof v === 'string' && isSchemaValid(DateTime, v) ? v : null;
}

/** The fields a JSON file or a ledger entry may date its last change by. */
type Dated = { updated_at?: unknown; updated?: unknown; last_updated?: unknown; metadata?: { last_updated?: unknown }; ts?: unknown; timestamp?: unknown; created_at?: unknown } | null | undefined;

/**
 * When the file says it was last changed: frontmatter `updated`/`updated_at`
 * of a Markdown doc, `updated_at`/`updated`/`last_updated`/`metadata.last_updated`
 * of a JSON file, or `ts`/`timestamp`/`updated_at`/`created_at` of a ledger's
 * last entry. `null` when the file carries no valid date.
 */
export function fileUpdatedAt(path: string, text: string | undefined): string | null {
  if (text === undefined) return null;
  if (path.endsWith('.md') && text.startsWith('---')) {
    const end = text.indexOf('\n---', 3);
    const fm = end < 0 ? '' : text.slice(0, end);
    const m = /^updated(?:_at)?:[ \t]*["']?([0-9T:.+\-Z]+)["']?[ \t]*$/m.exec(fm);
    if (m !== null && dateOf(m[1]) !== null) return m[1]!;
  }
  if (path.endsWith('.json')) {
    const v = tryJson(text) as Dated;
    return dateOf(v?.updated_at) ?? dateOf(v?.updated) ?? dateOf(v?.last_updated) ?? dateOf(v?.metadata?.last_updated);
  }
  if (path.endsWith('.jsonl') || path.endsWith('.md')) {
    let end = text.length;
    while (end > 0) {
      const start = text.lastIndexOf('\n', end - 1) + 1;
      const line = text.slice(start, end).trim();
      if (line.startsWith('{')) {
        const e = tryJson(line) as Dated;
        return dateOf(e?.ts) ?? dateOf(e?.timestamp) ?? dateOf(e?.updated_at) ?? dateOf(e?.created_at);
      }
      if (line !== '') return null;
      end = start - 1;
    }
  }
  return null;
}

/** Decodes bytes as UTF-8 (a BOM is kept as U+FEFF), or `undefined` when they are not valid UTF-8. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Builds the `File` record of one memory file, carrying its exact bytes. */
export function fileRecord(path: string, bytes: Uint8Array, hasher: Hasher, layout: Layout = PATH_ONLY_LAYOUT): FileV2 {
  const text = strictUtf8(bytes);
  return {
    content: text ?? encodeBase64(bytes),
    encoding: text === undefined ? 'base64' : 'utf8',
    kind: classifyFile(path, text, layout),
    path,
    sha256: sha256Hex(bytes, hasher),
    size: bytes.length,
    type: 'File',
    updated_at: fileUpdatedAt(path, text),
  };
}

/** The bytes a `File` record carries, checked against its `size` and `sha256`. */
export function fileBytes(record: FileV2, hasher: Hasher): Result<Uint8Array> {
  let bytes: Uint8Array | undefined;
  if (record.encoding === 'base64') {
    bytes = decodeBase64(record.content);
    if (bytes === undefined) return fail([error('exchange.bad-encoding', `File ${record.path}: content is not valid base64`, { pointer: '/content' })]);
  } else bytes = encoder.encode(record.content);
  if (bytes.length !== record.size || sha256Hex(bytes, hasher) !== record.sha256)
    return fail([error('exchange.file-hash-mismatch', `File ${record.path}: content does not match its size and sha256`, { pointer: '/content' })]);
  return ok(bytes);
}
