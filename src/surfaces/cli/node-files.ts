import { atomicWrite } from '../../adapters/node/atomic-write.js';
import { type NodeFiles, nodeFiles } from '../../adapters/node/fs-port.js';

/**
 * The CLI's view of a directory: `memkit/node`'s root-confined file port with
 * any extension allowed (bundles may carry any memory file).
 */
export function cliFiles(root: string): NodeFiles {
  return nodeFiles(root, { extensions: null });
}

/** Writes one output file (database, bundle) atomically. */
export function writeOutputFile(path: string, data: Uint8Array): Promise<void> {
  return atomicWrite(path, data);
}
