/** The files the job leaves in the memory directory, as `check()` lists them. */
export declare const CHECKED_FILES: readonly string[];
/** The failed expectations of a consumer job's summary (empty when it did the whole job right). */
export declare function consumerFailures(summary: unknown): string[];
