/** Types of check-node.mjs, which stays plain JavaScript so that an old Node can run it. */
export declare const MINIMUM_NODE: { major: number; minor: number };
export declare function unsupportedNode(version: string): string | null;
