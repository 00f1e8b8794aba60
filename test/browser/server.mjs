// A tiny static server on 127.0.0.1 for the browser tests: serves dist/, the
// dependencies in node_modules (sqlite3.wasm as application/wasm), the smoke
// suite, and a generated page carrying the import map, optionally under a
// Content-Security-Policy header. Nothing outside those folders is served.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { ROOT, browserSubpaths } from './import-map.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};
const SERVED = ['dist/', 'node_modules/', 'test/smoke/', 'test/browser/', 'test/consumer/', 'schemas/'];

/** CSP policies by name. None of them allows `unsafe-eval`. */
export const POLICIES = {
  none: undefined,
  // What a strict app sets: no eval at all, WASM allowed to compile (SQLite needs it).
  'no-eval': (nonce) => `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'`,
  // Stricter still: no eval and no WASM either (the core must not need any).
  strict: (nonce) => `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`,
};

/**
 * Starts the server.
 * @param {{ imports: Record<string,string>, scopes: Record<string, Record<string,string>> }} importMap
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startServer(importMap) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/page.html') {
        const policy = POLICIES[url.searchParams.get('csp') ?? 'none'];
        const nonce = Math.random().toString(36).slice(2);
        const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
        if (policy) headers['content-security-policy'] = policy(nonce);
        res.writeHead(200, headers);
        res.end(page(importMap, nonce));
        return;
      }
      const rel = normalize(decodeURIComponent(url.pathname)).replace(/^\/+/, '');
      if (rel.includes('..') || !SERVED.some((p) => rel.startsWith(p))) {
        res.writeHead(404).end();
        return;
      }
      const body = await readFile(join(ROOT, rel));
      res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function page(importMap, nonce) {
  const config = { subpaths: browserSubpaths().map((s) => (s === '.' ? 'memkit' : `memkit/${s.slice(2)}`)) };
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>memkit smoke</title>
<script type="importmap" nonce="${nonce}">${JSON.stringify(importMap)}</script>
<script type="application/json" id="config">${JSON.stringify(config)}</script>
<script type="module" nonce="${nonce}" src="/test/browser/page.js"></script>
</head><body></body></html>
`;
}
