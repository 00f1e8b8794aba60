/** Types for smoke.js (plain JavaScript so every runtime loads it unbuilt). */

/** What one smoke run returns; deep-equal across Node, Deno and Chromium. */
export interface SmokeResult {
  exports: Record<string, string[] | null>;
  sections: Record<string, unknown>;
  skipped: string[];
}

/** The subpath modules the smoke suite reads (`core` is `memkit`). */
export declare const SMOKE_SUBPATHS: readonly string[];

/** Runs the suite over the given modules. */
export declare function smoke(mods: Record<string, Record<string, unknown> | undefined>): Promise<SmokeResult>;

/** Sections that threw and samples that did not validate. */
export declare function smokeFailures(result: SmokeResult): string[];

/** Deep copy into plain JSON. */
export declare function plain(x: unknown): unknown;
