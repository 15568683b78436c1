/**
 * Warnings and errors of an import run, each pointing at a file (relative to the content folder),
 * and where known a line and a front matter field, printed as `file:line: field: message`.
 */

export interface Diagnostic {
  file: string
  line?: number
  field?: string
  message: string
}

export function formatDiagnostic({file, line, field, message}: Diagnostic): string {
  const where = line === undefined ? file : `${file}:${line}`
  return field ? `${where}: ${field}: ${message}` : `${where}: ${message}`
}

/** Collects diagnostics from every stage so that all problems are reported in one run. */
export class DiagnosticLog {
  readonly warnings: Diagnostic[] = []
  readonly errors: Diagnostic[] = []

  warn(diagnostic: Diagnostic): void {
    this.warnings.push(diagnostic)
  }

  error(diagnostic: Diagnostic): void {
    this.errors.push(diagnostic)
  }
}

/** Sorts diagnostics by file, then line, so that output does not depend on processing order. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.message.localeCompare(b.message))
}
