/**
 * Mermaid's gitGraph drawn into SVG, as beautiful-mermaid draws the other kinds (by the site's build, web's mermaid.ts,
 * and by the studio's preview, with the same code): commits left to
 * right in the order the source writes them, a lane for each branch with its name at the lane's start, a line from
 * each commit to its parents, merge commits drawn as rings, tags above their commit and the ids the source gives below
 * it (mermaid makes up random ids for the others, which say nothing to a reader: none is shown for them). The main
 * lane is in the site's primary colour, the others in hues that keep 3:1 against either background; text is the
 * site's (its CSS variables, or the colours given). The source has passed mermaid's parser (diagramProblem) first.
 */
import {type DiagramColours, SITE_DIAGRAM_COLOURS, svgText} from './diagram-svg'

type CommitType = 'NORMAL' | 'REVERSE' | 'HIGHLIGHT' | 'MERGE' | 'CHERRY_PICK'

interface Commit {
  id?: string
  lane: number
  parents: number[]
  tags: string[]
  type: CommitType
}

interface Branch {
  name: string
  order: number
  created: number
  head: number | null
}

export interface GitGraphOptions {
  mainBranchName: string
  showBranches: boolean
  showCommitLabel: boolean
}

const STEP = 56
const LANE = 52
const RADIUS = 9
const TOP = 44
const OTHER_LANES = ['hsl(199 80% 40%)', 'hsl(142 60% 34%)', 'hsl(32 90% 42%)', 'hsl(330 62% 48%)', 'hsl(265 50% 55%)']

/** The options a front matter block or an init directive gives the diagram (mainBranchName, showBranches, showCommitLabel). */
export function gitGraphOptions(code: string): GitGraphOptions {
  const front = /^\s*---\n([\s\S]*?)\n---/.exec(code)?.[1] ?? ''
  const init = /%%\{\s*init\s*:([\s\S]*?)\}%%/.exec(code)?.[1] ?? ''
  const setting = (name: string) => new RegExp(`['"]?${name}['"]?\\s*:\\s*['"]?([^'",}\\n]+?)['"]?\\s*(?:[,}\\n]|$)`).exec(`${front}\n${init}`)?.[1]?.trim()
  return {
    mainBranchName: setting('mainBranchName') ?? 'main',
    showBranches: setting('showBranches') !== 'false',
    showCommitLabel: setting('showCommitLabel') !== 'false',
  }
}

/** A command's named values (`id: "fix" tag: "v1" type: HIGHLIGHT`). */
function valuesOf(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const match of text.matchAll(/(\w+)\s*:\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g)) values[match[1] ?? ''] = match[2] ?? match[3] ?? match[4] ?? ''
  return values
}

function unquoted(name: string): string {
  return name.replace(/^(["'])(.*)\1$/, '$2')
}

/** The commits and branches a source declares, as mermaid's gitGraph reads its commands. */
export function readGitGraph(code: string, options: GitGraphOptions): {commits: Commit[]; branches: Branch[]} {
  const branches: Branch[] = [{name: options.mainBranchName, order: 0, created: 0, head: null}]
  const commits: Commit[] = []
  let current = 0
  const byId = new Map<string, number>()
  const lines = code
    .replace(/^\s*---\n[\s\S]*?\n---\s*\n/, '')
    .split('\n')
    .map((line) => line.replace(/%%.*$/, '').replace(/;\s*$/, '').trim())
  for (const line of lines) {
    const [command = '', ...rest] = line.split(/\s+/)
    const text = rest.join(' ')
    const add = (commit: Omit<Commit, 'lane'>) => {
      commits.push({...commit, lane: current})
      const index = commits.length - 1
      if (commit.id) byId.set(commit.id, index)
      ;(branches[current] as Branch).head = index
    }
    const head = () => branches[current]?.head ?? null
    if (command === 'commit') {
      const values = valuesOf(text)
      const type = (['REVERSE', 'HIGHLIGHT'] as const).find((kind) => kind === values.type) ?? 'NORMAL'
      add({...(values.id ? {id: values.id} : {}), parents: head() === null ? [] : [head() as number], tags: values.tag ? [values.tag] : [], type})
    } else if (command === 'branch') {
      const name = unquoted(/^("[^"]*"|'[^']*'|\S+)/.exec(text)?.[1] ?? '')
      const order = Number(valuesOf(text).order)
      branches.push({name, order: Number.isFinite(order) ? order : branches.length, created: branches.length, head: head()})
      current = branches.length - 1
    } else if (command === 'checkout' || command === 'switch') {
      const name = unquoted(text.trim())
      const found = branches.findIndex((branch) => branch.name === name)
      if (found !== -1) current = found
    } else if (command === 'merge') {
      const written = /^("[^"]*"|'[^']*'|\S+)/.exec(text)?.[1] ?? ''
      const name = unquoted(written)
      const values = valuesOf(text.slice(written.length))
      const other = branches.find((branch) => branch.name === name)?.head ?? null
      const parents = [head(), other].filter((parent): parent is number => parent !== null)
      add({...(values.id ? {id: values.id} : {}), parents, tags: values.tag ? [values.tag] : [], type: 'MERGE'})
    } else if (command === 'cherry-pick') {
      const values = valuesOf(text)
      const picked = values.id ? byId.get(values.id) : undefined
      add({
        parents: [head(), picked].filter((parent): parent is number => parent !== null && parent !== undefined),
        tags: values.tag ? [values.tag] : [],
        type: 'CHERRY_PICK',
        ...(values.id ? {id: `cherry-pick: ${values.id}`} : {}),
      })
    }
  }
  return {commits, branches}
}

/** About how wide a label is drawn, at 12px in the site's body font. */
function labelWidth(text: string): number {
  return Math.ceil(text.length * 7) + 12
}

/** The diagram as an SVG element. */
export function renderGitGraph(code: string, colours: DiagramColours = SITE_DIAGRAM_COLOURS): string {
  const options = gitGraphOptions(code)
  const {commits, branches} = readGitGraph(code, options)
  // Lanes top down by the branches' order, then as they were made (mermaid's).
  const lanes = [...branches.keys()].sort(
    (a, b) => (branches[a]?.order ?? 0) - (branches[b]?.order ?? 0) || (branches[a]?.created ?? 0) - (branches[b]?.created ?? 0),
  )
  const row = new Map(lanes.map((lane, index) => [lane, index]))
  const left = options.showBranches ? Math.max(...branches.map((branch) => labelWidth(branch.name))) + 24 : 16
  const x = (index: number) => left + STEP / 2 + index * STEP
  const y = (lane: number) => TOP + (row.get(lane) ?? 0) * LANE
  const lanePalette = [colours.primary, ...OTHER_LANES]
  const colour = (lane: number) => lanePalette[lane % lanePalette.length] as string
  const width = x(Math.max(commits.length - 1, 0)) + STEP
  const height = y(lanes.at(-1) ?? 0) + 40
  const parts: string[] = []
  for (const lane of lanes) {
    parts.push(
      `<line x1="${left - 8}" y1="${y(lane)}" x2="${width - 8}" y2="${y(lane)}" stroke="${colour(lane)}" stroke-width="1" stroke-dasharray="3 4" opacity="0.6"/>`,
    )
    if (options.showBranches) {
      const name = branches[lane]?.name ?? ''
      parts.push(
        // Outlined in the lane's colour, the name in the text colour: readable whatever the primary colour and the mode.
        `<rect x="8" y="${y(lane) - 11}" width="${labelWidth(name)}" height="22" rx="4" fill="${colours.bg}" stroke="${colour(lane)}" stroke-width="2"/>`,
        `<text x="${8 + labelWidth(name) / 2}" y="${y(lane) + 4}" text-anchor="middle" font-size="12" fill="${colours.text}">${svgText(name)}</text>`,
      )
    }
  }
  commits.forEach((commit, index) => {
    for (const parent of commit.parents) {
      const from = commits[parent]
      if (!from) continue
      const [x1, y1, x2, y2] = [x(parent), y(from.lane), x(index), y(commit.lane)]
      // A line from another lane takes the colour of the lane it comes from when merged, of the new lane when branched.
      const stroke = colour(commit.type === 'MERGE' && from.lane !== commit.lane ? from.lane : commit.lane)
      const path = y1 === y2 ? `M${x1} ${y1} L${x2} ${y2}` : `M${x1} ${y1} C${x2 - STEP / 2} ${y1} ${x2 - STEP / 2} ${y2} ${x2} ${y2}`
      parts.push(`<path d="${path}" fill="none" stroke="${stroke}" stroke-width="2.5"/>`)
    }
  })
  commits.forEach((commit, index) => {
    const [cx, cy, fill] = [x(index), y(commit.lane), colour(commit.lane)]
    if (commit.type === 'HIGHLIGHT') parts.push(`<rect x="${cx - RADIUS}" y="${cy - RADIUS}" width="${RADIUS * 2}" height="${RADIUS * 2}" fill="${fill}"/>`)
    else if (commit.type === 'MERGE')
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${RADIUS}" fill="${colours.bg}" stroke="${fill}" stroke-width="3"/>`,
        `<circle cx="${cx}" cy="${cy}" r="${RADIUS - 5}" fill="${fill}"/>`,
      )
    else parts.push(`<circle cx="${cx}" cy="${cy}" r="${RADIUS}" fill="${fill}"/>`)
    if (commit.type === 'REVERSE')
      parts.push(`<path d="M${cx - 4} ${cy - 4} L${cx + 4} ${cy + 4} M${cx + 4} ${cy - 4} L${cx - 4} ${cy + 4}" stroke="${colours.bg}" stroke-width="2"/>`)
    if (commit.type === 'CHERRY_PICK') parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colours.bg}"/>`)
    if (options.showCommitLabel && commit.id)
      parts.push(`<text x="${cx}" y="${cy + RADIUS + 15}" text-anchor="middle" font-size="11" fill="${colours.muted}">${svgText(commit.id)}</text>`)
    commit.tags.forEach((tag, at) => {
      const tagY = cy - RADIUS - 14 - at * 22
      parts.push(
        `<rect x="${cx - labelWidth(tag) / 2}" y="${tagY - 10}" width="${labelWidth(tag)}" height="18" rx="3" fill="${colours.bg}" stroke="${colours.muted}"/>`,
        `<text x="${cx}" y="${tagY + 3}" text-anchor="middle" font-size="11" fill="${colours.text}">${svgText(tag)}</text>`,
      )
    })
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" style="">${parts.join('')}</svg>`
}
