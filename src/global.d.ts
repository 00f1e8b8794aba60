/** The package version, replaced at build time. */
declare const __MEMKIT_VERSION__: string;
