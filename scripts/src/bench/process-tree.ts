/**
 * CPU time and memory of a command with all its descendants (Next's render workers, tsx's child
 * processes), read from /proc while it runs, and how busy the machine was meanwhile: the bench
 * measures CPU time, not only wall time, because other builds share the machine.
 */
import {spawn, execFileSync} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).trim()) || 100
  } catch {
    return 100
  }
})()
const PAGE_SIZE = (() => {
  try {
    return Number(execFileSync('getconf', ['PAGESIZE'], {encoding: 'utf8'}).trim()) || 4096
  } catch {
    return 4096
  }
})()

interface ProcessStat {
  pid: number
  parent: number
  /** Own CPU plus that of the children it has waited for, in ms. */
  cpuMs: number
  rssBytes: number
}

/** Parses /proc/<pid>/stat (the command name may hold spaces and parentheses: fields count from the last ')'). */
export function parseStat(text: string): ProcessStat | null {
  const close = text.lastIndexOf(')')
  if (close === -1) return null
  const pid = Number(text.slice(0, text.indexOf(' ')))
  const fields = text.slice(close + 2).split(' ')
  // After the name: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17) ... rss(24), numbered from 1.
  const field = (n: number) => Number(fields[n - 3])
  const ticks = field(14) + field(15) + field(16) + field(17)
  return {pid, parent: field(4), cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssBytes: field(24) * PAGE_SIZE}
}

function readStat(pid: number): ProcessStat | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** The process and its live descendants. */
export function treeOf(root: number): ProcessStat[] {
  const all = new Map<number, ProcessStat>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (stat) all.set(stat.pid, stat)
  }
  const children = new Map<number, number[]>()
  for (const stat of all.values()) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat.pid])
  const result: ProcessStat[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.shift() ?? root
    const stat = all.get(pid)
    if (!stat) continue
    result.push(stat)
    queue.push(...(children.get(pid) ?? []))
  }
  return result
}

/** Busy and total CPU time of the whole machine so far (all cores), in ms. */
export function machineCpu(): {busyMs: number; totalMs: number} {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number)
  const busy = user + nice + system + irq + softirq + steal
  return {busyMs: (busy * 1000) / TICKS_PER_SECOND, totalMs: ((busy + idle + iowait) * 1000) / TICKS_PER_SECOND}
}

/**
 * The proportional set size of a process (/proc/<pid>/smaps_rollup): its private pages plus its
 * share of the pages it shares (Node's code, the libraries mapped by every worker), so that the
 * sum over processes counts each page once. Null when the kernel does not say.
 */
export function parsePss(text: string): number | null {
  const match = /^Pss:\s+(\d+) kB$/m.exec(text)
  return match ? Number(match[1]) * 1024 : null
}

function readPss(pid: number): number | null {
  try {
    return parsePss(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
  } catch {
    return null
  }
}

/**
 * A short name for a process from its command line: Next's own process titles ("next-build
 * (v16.4.6)"), else the script a runtime runs (its last two path segments: "jest-worker/processChild.js",
 * "build/search-index.ts"), else the program.
 */
export function processLabel(argv: readonly string[]): string {
  const [program = '', ...args] = argv
  if (!program.includes('/') && /\s/.test(program)) return program.trim()
  const optionsWithValue = new Set(['--require', '-r', '--import', '--loader', '--conditions', '-C'])
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (optionsWithValue.has(arg)) {
      index++
      continue
    }
    if (arg.startsWith('-')) continue
    if (/\.(c|m)?(j|t)sx?$/.test(arg)) return arg.split('/').slice(-2).join('/')
    // A binary run by a runtime wrapper (node_modules/.bin/next build): its name and first argument.
    return `${arg.split('/').pop() ?? arg}${args[index + 1] && !args[index + 1]?.startsWith('-') ? ` ${args[index + 1]}` : ''}`
  }
  return program.split('/').pop() ?? program
}

function commandOf(pid: number): string {
  try {
    return processLabel(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean))
  } catch {
    return `process ${pid}`
  }
}

/** One process at the moment the tree held the most memory. */
export interface ProcessMemory {
  pid: number
  command: string
  rssBytes: number
  /** Null where /proc/<pid>/smaps_rollup is not readable. */
  pssBytes: number | null
}

export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
}

export interface PhaseFigures {
  name: string
  cpuMs: number
  wallMs: number
  /** Most memory the processes held at once during the phase. */
  maxRssBytes: number
  /** CPU of each process during the phase, largest first (how the work was shared). */
  processCpuMs: number[]
}

export interface RunFigures {
  wallMs: number
  cpuMs: number
  /**
   * Most memory the command and its descendants held at once: the sum of their resident sets at the
   * same sample (pages shared between processes count once per process).
   */
  maxRssBytes: number
  /** The same moment's sum of proportional set sizes (shared pages counted once), or 0 if unknown. */
  maxRssPssBytes: number
  /** Most memory held at once with shared pages counted once (the sum of PSS at one sample; 0 if unknown). */
  maxPssBytes: number
  /** Each process at the sample of maxRssBytes, largest first. */
  peakProcesses: ProcessMemory[]
  /** The largest resident set of a single process. */
  maxProcessRssBytes: number
  phases: PhaseFigures[]
  /** CPU used by everything else on the machine meanwhile, in cores (0 to the core count). */
  otherCores: number
  loadBefore: number
  loadAfter: number
  output: string
}

export interface RunOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /** The first phase's name; `phaseOf` moves to another when a line of output starts it. */
  phase: string
  phaseOf?: (line: string) => string | null
  intervalMs?: number
}

/** CPU of the children this process has waited for (the command's total once it has exited). */
function reapedCpuMs(): number {
  const text = readFileSync('/proc/self/stat', 'utf8')
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[16 - 3]) + Number(fields[17 - 3])) * 1000) / TICKS_PER_SECOND
}

/**
 * Runs a command and measures it. The CPU of each phase is the growth of the tree's CPU (live
 * processes' own time plus what they have reaped) between samples, credited to the phase under way;
 * the total is exact (this process's reaped-children time before and after).
 */
export function measureCommand(command: string, args: readonly string[], options: RunOptions): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    const startWall = performance.now()
    const startReaped = reapedCpuMs()
    const startMachine = machineCpu()
    const loadBefore = loadAverage()
    const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe']})
    const root = child.pid ?? -1
    let phase = options.phase
    let phaseStart = startWall
    let lastTreeCpu = 0
    let maxRss = 0
    let maxProcessRss = 0
    let maxPss = 0
    let peakProcesses: ProcessMemory[] = []
    const commands = new Map<number, string>()
    const phases = new Map<string, PhaseFigures>()
    const perProcess = new Map<string, Map<number, number>>()
    const lastByPid = new Map<number, number>()
    const phaseFigures = (name: string): PhaseFigures => {
      const figures = phases.get(name) ?? {name, cpuMs: 0, wallMs: 0, maxRssBytes: 0, processCpuMs: []}
      phases.set(name, figures)
      return figures
    }
    const credit = (name: string, cpuMs: number, wallMs: number) => {
      const figures = phaseFigures(name)
      figures.cpuMs += cpuMs
      figures.wallMs += wallMs
    }
    const sample = () => {
      const tree = treeOf(root)
      if (tree.length === 0) return
      const cpu = tree.reduce((sum, stat) => sum + stat.cpuMs, 0)
      const rss = tree.reduce((sum, stat) => sum + stat.rssBytes, 0)
      const pss = tree.map((stat) => readPss(stat.pid))
      // Null where a process's smaps_rollup could not be read: then the sample has no PSS total.
      const pssTotal = pss.every((bytes) => bytes !== null) ? pss.reduce((sum, bytes) => sum + bytes, 0) : 0
      maxPss = Math.max(maxPss, pssTotal)
      if (rss > maxRss) {
        peakProcesses = tree
          .map((stat, index) => {
            const command = commands.get(stat.pid) ?? commandOf(stat.pid)
            commands.set(stat.pid, command)
            return {pid: stat.pid, command, rssBytes: stat.rssBytes, pssBytes: pss[index] ?? null}
          })
          .sort((a, b) => b.rssBytes - a.rssBytes)
      }
      maxRss = Math.max(maxRss, rss)
      maxProcessRss = Math.max(maxProcessRss, ...tree.map((stat) => stat.rssBytes))
      const current = phaseFigures(phase)
      current.maxRssBytes = Math.max(current.maxRssBytes, rss)
      const shares = perProcess.get(phase) ?? new Map<number, number>()
      perProcess.set(phase, shares)
      for (const stat of tree) {
        const grown = stat.cpuMs - (lastByPid.get(stat.pid) ?? 0)
        if (grown > 0) shares.set(stat.pid, (shares.get(stat.pid) ?? 0) + grown)
        lastByPid.set(stat.pid, stat.cpuMs)
      }
      // A child reaped between two samples moves its time into its parent's: never count it twice.
      if (cpu > lastTreeCpu) {
        credit(phase, cpu - lastTreeCpu, 0)
        lastTreeCpu = cpu
      }
    }
    const switchTo = (next: string) => {
      if (next === phase) return
      sample()
      const now = performance.now()
      credit(phase, 0, now - phaseStart)
      phase = next
      phaseStart = now
    }
    const timer = setInterval(sample, options.intervalMs ?? 200)
    const output: string[] = []
    let pending = ''
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      output.push(text)
      pending += text
      const lines = pending.split(/\r?\n|\r/)
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const next = options.phaseOf?.(line)
        if (next) switchTo(next)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', (error) => {
      clearInterval(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearInterval(timer)
      const end = performance.now()
      credit(phase, 0, end - phaseStart)
      const total = reapedCpuMs() - startReaped
      // What ran after the last sample (and the last moments of processes that exited unseen).
      if (total > lastTreeCpu) credit(phase, total - lastTreeCpu, 0)
      for (const [name, shares] of perProcess) phaseFigures(name).processCpuMs = [...shares.values()].sort((a, b) => b - a)
      const endMachine = machineCpu()
      const machineBusy = endMachine.busyMs - startMachine.busyMs
      const wallMs = end - startWall
      const figures: RunFigures = {
        wallMs,
        cpuMs: total,
        maxRssBytes: maxRss,
        maxProcessRssBytes: maxProcessRss,
        maxRssPssBytes: peakProcesses.every((entry) => entry.pssBytes !== null) ? peakProcesses.reduce((sum, entry) => sum + (entry.pssBytes ?? 0), 0) : 0,
        maxPssBytes: maxPss,
        peakProcesses,
        phases: [...phases.values()],
        otherCores: wallMs > 0 ? Math.max(0, (machineBusy - total) / wallMs) : 0,
        loadBefore,
        loadAfter: loadAverage(),
        output: output.join(''),
      }
      if (code === 0) resolve(figures)
      else reject(new Error(`${command} ${args.join(' ')} exited with code ${code}:\n${figures.output.slice(-4000)}`))
    })
  })
}
