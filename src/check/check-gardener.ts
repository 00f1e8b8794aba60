import { parse as parseToml, TomlError } from 'smol-toml';
import { error } from '../problems/index.js';
import { validate } from '../schemas/index.js';
import type { CheckContext, LoadedFile } from './context.js';
import { checkJsonFormat } from './check-json-format.js';
import { yamlPointerLine } from './yaml-locate.js';

/** Checks `.thunderus/memory/gardener.{toml,json}` against the gardener-config format. */
export function checkGardener(file: LoadedFile, ctx: CheckContext): void {
  if (file.path.endsWith('.json')) {
    checkJsonFormat(file, 'gardener-config', ctx);
    return;
  }
  let value: unknown;
  try {
    value = parseToml(file.text);
  } catch (cause) {
    const t = cause instanceof TomlError ? cause : undefined;
    ctx.report(file, [error('check.toml-syntax', `the TOML does not parse: ${(cause as Error).message.split('\n')[0]}`, { line: t?.line ?? 1, column: t?.column ?? 1 })]);
    return;
  }
  ctx.report(
    file,
    validate('gardener-config', value).map((p) => ({ ...p, line: tomlPointerLine(file.text, p.pointer ?? '') })),
  );
}

// TOML tables look enough like YAML keys for a best-effort line: find `[table]` or `key =`.
// An item of an array is reported at the line of the array's key.
function tomlPointerLine(text: string, pointer: string): number {
  const parts = pointer.split('/').slice(1);
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length === 0) return 1;
  const lines = text.split('\n');
  const table = lines.findIndex((l) => l.trim() === `[${parts.slice(0, -1).join('.')}]` || l.trim() === `[${parts[0]}]`);
  const key = parts[parts.length - 1]!;
  const from = Math.max(0, table);
  for (let i = from; i < lines.length; i++) if (new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`).test(lines[i]!)) return i + 1;
  return table >= 0 ? table + 1 : yamlPointerLine('', pointer, 1);
}
