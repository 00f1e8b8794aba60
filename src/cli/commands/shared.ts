/** The `--format` option every command shares. */
export const formatOption = { type: 'string', default: 'text' } as const;
