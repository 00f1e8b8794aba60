// The part of micromark memkit uses (and the table of named character references), bundled on its own as dist/cli/micromark-lib.cjs: the CLI requires it the
// first time a Markdown body needs the full parser (see ./micromark.ts).
export { parse, postprocess, preprocess } from 'micromark';
export { decodeNamedCharacterReference } from 'decode-named-character-reference';
