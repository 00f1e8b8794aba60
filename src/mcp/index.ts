/**
 * `memkit/mcp`: memkit's memory as Model Context Protocol tools and resources.
 *
 * @packageDocumentation
 */
export {};
