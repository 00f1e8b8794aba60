import { LEDGER_FORMAT_IDS } from '../../services/ledger/index.js';
import { type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { MANIFEST_PATH } from '../../services/store/index.js';
import type { McpContext } from './context.js';
import { memoryFileText } from '../../handle/read.js';
import { verify } from './read-tools.js';
import { maskSecrets } from '../../kernel/secrets/index.js';

/** One entry of `resources/list`. */
export interface ResourceListing {
  uri: string;
  name: string;
  title?: string;
  mimeType: string;
}

/** What `resources/read` returns for one URI. */
export interface ResourceText {
  uri: string;
  mimeType: string;
  text: string;
}

const DOC = 'memkit://doc/';
const LEDGER = 'memkit://ledger/';
const MANIFEST_URI = 'memkit://manifest';

/** The resources: each memory doc (`memkit://doc/<id>`), the manifest, each ledger's head and checkpoint (`memkit://ledger/<path>/head`, `…/checkpoint`). */
export async function listResources(ctx: McpContext): Promise<ResourceListing[]> {
  await ctx.refresh();
  const out: ResourceListing[] = (await ctx.store.listDocs()).map((d) => ({ uri: DOC + encodeURIComponent(d.docId), name: d.docId, title: d.title, mimeType: 'text/markdown' }));
  if (ctx.formats.has(MANIFEST_PATH)) out.push({ uri: MANIFEST_URI, name: 'manifest', title: 'memory manifest', mimeType: 'application/json' });
  for (const format of LEDGER_FORMAT_IDS)
    for (const path of ctx.pathsOf(format))
      for (const part of ['head', 'checkpoint']) out.push({ uri: `${LEDGER}${encodeURIComponent(path)}/${part}`, name: `${path} ${part}`, mimeType: 'application/json' });
  return out;
}

/** Reads one resource; an unknown URI is `memory.not-found`. */
export async function readResource(ctx: McpContext, uri: string): Promise<Result<ResourceText>> {
  const missing = () => fail<ResourceText>([error('memory.not-found', `no resource ${JSON.stringify(uri.slice(0, 200))}`)]);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return undefined;
    }
  };
  if (uri.startsWith(DOC)) {
    const id = decode(uri.slice(DOC.length));
    if (id === undefined) return missing();
    await ctx.refresh();
    const doc = await ctx.store.getDoc(id);
    if (doc === undefined) return missing();
    const file = await memoryFileText(ctx, doc.path);
    return file.ok ? ok({ uri, mimeType: 'text/markdown', text: maskSecrets(file.value.text) }) : file;
  }
  if (uri === MANIFEST_URI) {
    if (!ctx.formats.has(MANIFEST_PATH)) return missing();
    const file = await memoryFileText(ctx, MANIFEST_PATH);
    return file.ok ? ok({ uri, mimeType: 'application/json', text: maskSecrets(file.value.text) }) : file;
  }
  const m = uri.startsWith(LEDGER) ? /^([^/]+)\/(head|checkpoint)$/.exec(uri.slice(LEDGER.length)) : null;
  const path = m ? decode(m[1]!) : undefined;
  if (m === null || path === undefined || !(LEDGER_FORMAT_IDS as readonly string[]).includes(ctx.formats.get(path) ?? '')) return missing();
  const summary = await verify(ctx, { ledger: path });
  if (!summary.ok) return summary;
  const v = summary.value as { entries: number; head: string; chain: string; checkpoint: { size: number; root: string } | null; ok: boolean };
  const body = m[2] === 'head' ? { ledger: path, entries: v.entries, head: v.head, chain: v.chain, ok: v.ok } : { ledger: path, ...(v.checkpoint ?? { size: 0, root: null }) };
  return ok({ uri, mimeType: 'application/json', text: maskSecrets(JSON.stringify(body, null, 2)) });
}
