// micromark and decode-named-character-reference for the CLI bundle (tsup.config.ts aliases both packages to
// this module): memkit's line scanner outlines the Markdown memory docs are written in, so most commands never
// need the full parser or the table of entity names. They are required from dist/cli/micromark-lib.cjs the
// first time one is called.
import { createRequire } from 'node:module';
import type * as Micromark from 'micromark';
import type * as Entities from 'decode-named-character-reference';

type Lib = Pick<typeof Micromark, 'parse' | 'postprocess' | 'preprocess'> & Pick<typeof Entities, 'decodeNamedCharacterReference'>;

let loaded: Lib | undefined;
const lib = (): Lib => (loaded ??= createRequire(import.meta.url)('./micromark-lib.cjs') as Lib);

export const parse: Lib['parse'] = ((...args: Parameters<Lib['parse']>) => lib().parse(...args)) as Lib['parse'];
export const postprocess: Lib['postprocess'] = ((...args: Parameters<Lib['postprocess']>) => lib().postprocess(...args)) as Lib['postprocess'];
export const preprocess: Lib['preprocess'] = ((...args: Parameters<Lib['preprocess']>) => lib().preprocess(...args)) as Lib['preprocess'];
export const decodeNamedCharacterReference: Lib['decodeNamedCharacterReference'] = (value) => lib().decodeNamedCharacterReference(value);
