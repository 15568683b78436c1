/** See asset-modules.mjs. */
export function assetModuleSource(url: string, staticDirs: readonly string[], reactUrl: string, format: 'module' | 'commonjs'): string | null
