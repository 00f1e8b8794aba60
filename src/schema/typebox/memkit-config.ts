import type { Static } from 'typebox';
import { Type } from './type.js';
import { PatternRecord, StringEnum } from './common.js';

/** A rule's configured severity: `off` drops its problems, `warn` and `error` set their severity. */
const RuleSettingSchema = StringEnum(['off', 'warn', 'error'] as const);

/**
 * `memkit.config.json`: how `memkit check` reads one memory directory. Every
 * key is optional; `$schema` may name the emitted JSON Schema for editor
 * completion. Unknown keys are refused so a misspelt key is not silently ignored.
 */
export const MemkitConfig = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    profile: Type.Optional(StringEnum(['spec', 'strict'] as const, "`spec` (default): only what a format's specification states is an error; `strict`: memkit's conventions are errors too.")),
    rules: Type.Optional(PatternRecord('^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+$', RuleSettingSchema, { additionalProperties: false, description: 'Severity per problem code.' })),
    memoryBank: Type.Optional(
      Type.Object(
        {
          writers: Type.Optional(
            PatternRecord('^.*$', Type.Array(Type.String({ minLength: 1 })), {
              description: 'Who may write each memory-bank file (file name → agent names); replaces the default roster of the files named.',
            }),
          ),
          lockedBy: Type.Optional(Type.String({ minLength: 1, description: 'The agent systemPatterns.md must be locked by (default ReaperOAK).' })),
        },
        { additionalProperties: false },
      ),
    ),
    tokenizer: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description:
          'Path of an ES module (relative to this file) whose default export counts tokens, `(text) => number`: `memkit check --config FILE` counts summary_128 with it, exactly, instead of estimating. Run only from a config given with `--config`: a config found in the checked directory may not run code (`config.tokenizer-not-run`).',
      }),
    ),
    secrets: Type.Optional(
      Type.Object(
        {
          allow: Type.Optional(
            Type.Array(Type.String({ pattern: '^[0-9a-f]{16}$' }), {
              maxItems: 10000,
              description: 'Fingerprints (16 hex digits, as `secret.detected` reports them) of findings that are not secrets or are accepted; never the values themselves.',
            }),
          ),
        },
        { additionalProperties: false, description: 'Secret detection (`secret.detected`).' },
      ),
    ),
    ignore: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { maxItems: 1000, description: 'Globs (`*`, `**`, `?`) of paths, relative to the checked directory, that are not checked.' }),
    ),
  },
  { additionalProperties: false },
);
/** A parsed `memkit.config.json`. */
export type MemkitConfig = Static<typeof MemkitConfig>;
