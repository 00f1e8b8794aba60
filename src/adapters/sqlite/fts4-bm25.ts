// FTS5's BM25 on FTS4: FTS5's inputs read from FTS4's `%_stat` table and `matchinfo(docs_fts, 'pcxl')`.

/** Decodes the FTS3/4 varints (7 bits a byte, least significant first) of a `%_stat` value. */
export function decodeFtsVarints(blob: Uint8Array): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const byte of blob) {
    value += (byte & 0x7f) * 2 ** shift;
    if (byte & 0x80) shift += 7;
    else {
      out.push(value);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Row count and total tokens over `columns` columns, from the `%_stat` row 0 blob (`nDoc`, a token total per column, a byte total). */
export function fts4Totals(blob: Uint8Array, columns: number): { rows: number; tokens: number } {
  const values = decodeFtsVarints(blob);
  let tokens = 0;
  for (let i = 1; i <= columns; i++) tokens += values[i] ?? 0;
  return { rows: values[0] ?? 0, tokens };
}

/**
 * Decodes `matchinfo(t, 'pcxl')` (native-endian, so little-endian in WASM): per phrase, its frequency and the sum over
 * columns of rows with a hit there (an upper bound of its rows with a hit); and the row's token count.
 */
export function decodeMatchinfoPcxl(blob: Uint8Array): { freqs: number[]; columnHitRows: number[]; rowTokens: number } {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const at = (i: number) => view.getUint32(i * 4, true);
  const p = at(0);
  const c = at(1);
  const freqs: number[] = new Array(p).fill(0);
  const columnHitRows: number[] = new Array(p).fill(0);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < c; j++) {
      const base = 2 + 3 * (j + i * c);
      freqs[i]! += at(base);
      columnHitRows[i]! += at(base + 2);
    }
  }
  let rowTokens = 0;
  const lBase = 2 + 3 * p * c;
  for (let j = 0; j < c; j++) rowTokens += at(lBase + j);
  return { freqs, columnHitRows, rowTokens };
}
