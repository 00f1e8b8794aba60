// The same consumer in CommonJS: `require` resolves the entries' dist/*.d.cts declarations.
import core = require('memkit');
import arbitraries = require('memkit/arbitraries');
import check = require('memkit/check');
import exchange = require('memkit/exchange');
import git = require('memkit/git');
import ledger = require('memkit/ledger');
import mcp = require('memkit/mcp');
import node = require('memkit/node');
import postgres = require('memkit/postgres');
import schemas = require('memkit/schemas');
import sqlite = require('memkit/sqlite');
import store = require('memkit/store');
import threads = require('memkit/threads');
import wbs = require('memkit/wbs');

export const entries = { core, arbitraries, check, exchange, git, ledger, mcp, node, postgres, schemas, sqlite, store, threads, wbs };
