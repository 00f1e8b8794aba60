import fc from 'fast-check';
import { type ArtifactsManifest, PHASES } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText, relPath } from './internal.js';
import { sha256Arb } from './sha256.js';

/** Valid `artifacts-manifest.json` values (format `artifacts-manifest`); the dependency graph links listed paths. */
export const artifactsManifestArb: fc.Arbitrary<ArtifactsManifest> = fc.uniqueArray(relPath, { maxLength: 4 }).chain((paths) =>
  fc.record({
    session_id: nonEmptyText(24),
    artifacts: fc.tuple(...paths.map((path) => fc.record({ path: fc.constant(path), sha256: sha256Arb, created_by: agentId, phase: fc.constantFrom(...PHASES), created_at: dateTimeArb }))),
    dependency_graph: fc.tuple(...paths.map(() => fc.subarray(paths))).map((ups) => Object.fromEntries(paths.map((p, i) => [p, ups[i]!.filter((u) => u !== p)]))),
  }),
);
