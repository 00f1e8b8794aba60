// A strict consumer (lib ES2022, types node, no DOM, no skipLibCheck) importing every subpath of
// package.json `exports` through the built declarations (dist/*.d.ts, by package self-reference).
import * as core from 'memkit';
import * as arbitraries from 'memkit/arbitraries';
import * as check from 'memkit/check';
import * as exchange from 'memkit/exchange';
import * as git from 'memkit/git';
import * as ledger from 'memkit/ledger';
import * as mcp from 'memkit/mcp';
import * as node from 'memkit/node';
import * as postgres from 'memkit/postgres';
import * as schemas from 'memkit/schemas';
import * as sqlite from 'memkit/sqlite';
import * as store from 'memkit/store';
import * as threads from 'memkit/threads';
import * as wbs from 'memkit/wbs';

export const entries = { core, arbitraries, check, exchange, git, ledger, mcp, node, postgres, schemas, sqlite, store, threads, wbs };
