/** Types of start-scripts.mjs (plain JavaScript, run by Node at build time) for its tests. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export declare function filesInOrder(manifest: Manifest, keys: string[]): string[];
export declare function entryFiles(manifest: Manifest): string[];
export declare function startOrder(manifest: Manifest, files: string[]): string[];
export declare function whenOnScreen(start: () => void): void;
export declare function runInTurn(files: string[]): Promise<void>;
export declare function runInTurnApart(files: string[], apart: string[], waitMs: number): Promise<void>;
export declare function startScriptSource(
  main: (...args: never[]) => void,
  args: unknown[],
  more?: Record<string, (...args: never[]) => unknown>,
): string;
export declare function withStartScript(indexHtml: string, startSrc: string): string;
export declare function writeCompressed(file: string, text: string): void;
