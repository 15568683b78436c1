/**
 * Mermaid's gantt charts drawn into SVG by code of our own, as git graphs are (git-graph.ts): the title, a row a task
 * under its section's name, a bar from its start to its end (or a diamond for a milestone) with the task's name on it
 * or beside it, and a date axis written with the chart's axisFormat. Tasks start at a date, after other tasks or after
 * the task above; they end at a date, after a duration (`3d`, `4w`, `12h`) or at the start of another task, skipping
 * weekends where the chart excludes them. The drawing depends on nothing but the source: mermaid's line for today is
 * not drawn (a page built today would show a day that is gone tomorrow). The source has passed mermaid's parser first.
 */
import {type DiagramColours, SITE_DIAGRAM_COLOURS, svgText} from './diagram-svg'

interface Task {
  name: string
  section: string
  id?: string
  start: number
  end: number
  /** Where the bar stops: before the excluded days that follow it (the end, where none are excluded). */
  drawnEnd: number
  milestone: boolean
  done: boolean
  active: boolean
  crit: boolean
}

const DAY = 86_400_000
const UNITS: Record<string, number> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY, w: 7 * DAY}
const WIDTH = 820
const ROW = 28
const BAR = 18
const LEFT = 130
const CRIT = 'hsl(0 70% 45%)'

/** A date written in the chart's dateFormat (dayjs tokens: YYYY, MM, DD, HH, mm, ss), in UTC; NaN when it is not one. */
export function parseGanttDate(text: string, format: string): number {
  const tokens = /YYYY|MM|DD|HH|mm|ss|X|x/g
  const names: string[] = []
  const pattern = format.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(tokens, (token) => {
    names.push(token)
    return token === 'YYYY' ? '(\\d{4})' : token === 'X' || token === 'x' ? '(\\d+)' : '(\\d{1,2})'
  })
  const match = new RegExp(`^${pattern}$`).exec(text.trim())
  if (!match) {
    const loose = Date.parse(text.trim())
    return Number.isNaN(loose) ? Number.NaN : loose
  }
  const part = (token: string, fallback: number) => {
    const at = names.indexOf(token)
    return at === -1 ? fallback : Number(match[at + 1])
  }
  if (names.includes('X')) return part('X', 0) * 1000
  if (names.includes('x')) return part('x', 0)
  return Date.UTC(part('YYYY', 1970), part('MM', 1) - 1, part('DD', 1), part('HH', 0), part('mm', 0), part('ss', 0))
}

function isWeekend(time: number): boolean {
  const day = new Date(time).getUTCDay()
  return day === 0 || day === 6
}

/**
 * Where a task ends once the excluded days between its start and end are added to it, as mermaid counts them: `end`
 * (where tasks after it start) moves a day for each excluded day it meets; `drawnEnd` (where its bar stops) is the
 * last end reached from a day that counts (a bar of working days stops before the weekend that follows it).
 */
function skippingWeekends(start: number, end: number): {end: number; drawnEnd: number} {
  let day = start
  let last = end
  let drawnEnd = end
  let excluded = false
  while (day <= last) {
    if (!excluded) drawnEnd = last
    excluded = isWeekend(day)
    if (excluded) last += DAY
    day += DAY
  }
  return {end: last, drawnEnd}
}

/** The tasks a chart declares, with their start and end in UTC milliseconds. */
export function readGantt(code: string): {title?: string; axisFormat?: string; tasks: Task[]} {
  let dateFormat = 'YYYY-MM-DD'
  let axisFormat: string | undefined
  let title: string | undefined
  let skipWeekends = false
  let section = ''
  const tasks: Task[] = []
  const byId = new Map<string, Task>()
  const lines = code
    .replace(/^\s*---\n[\s\S]*?\n---\s*\n/, '')
    .split('\n')
    .map((line) => line.replace(/%%.*$/, '').trim())
  for (const line of lines) {
    if (line === '' || /^gantt\b/.test(line)) continue
    const setting =
      /^(title|dateFormat|axisFormat|excludes|section|todayMarker|tickInterval|weekday|includes|inclusiveEndDates|topAxis|displayMode|accTitle|accDescr)\b\s*:?\s*(.*)$/.exec(
        line,
      )
    if (setting) {
      const [, key, value = ''] = setting
      if (key === 'title') title = value
      else if (key === 'dateFormat') dateFormat = value
      else if (key === 'axisFormat') axisFormat = value
      else if (key === 'excludes') skipWeekends = /weekends/.test(value)
      else if (key === 'section') section = value
      continue
    }
    const colon = line.indexOf(':')
    if (colon === -1) continue
    const name = line.slice(0, colon).trim()
    const parts = line
      .slice(colon + 1)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const flags = new Set<string>()
    while (parts.length > 0 && /^(done|active|crit|milestone)$/.test(parts[0] ?? '')) flags.add(parts.shift() as string)
    // What is left: [id,] [start,] end. One part is the end; two are start and end, or id and end (when the first is no date or `after`); three are all.
    let id: string | undefined
    let startText: string | undefined
    let endText = parts.at(-1) ?? ''
    if (parts.length >= 3) [id, startText] = parts
    else if (parts.length === 2) {
      const first = parts[0] ?? ''
      if (/^after\s/.test(first) || !Number.isNaN(parseGanttDate(first, dateFormat))) startText = first
      else id = first
    }
    if (parts.length === 0) endText = '1d'
    const previous = tasks.at(-1)
    const afterOf = (text: string) =>
      Math.max(
        ...text
          .replace(/^after\s+/, '')
          .split(/\s+/)
          .map((other) => byId.get(other)?.end ?? Number.NEGATIVE_INFINITY),
      )
    let start =
      startText === undefined
        ? (previous?.end ?? Date.UTC(1970, 0, 1))
        : /^after\s/.test(startText)
          ? afterOf(startText)
          : parseGanttDate(startText, dateFormat)
    if (!Number.isFinite(start)) start = previous?.end ?? Date.UTC(1970, 0, 1)
    const duration = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(endText)
    const until = /^until\s+(\S+)/.exec(endText)?.[1]
    let end = duration
      ? start + Number(duration[1]) * (UNITS[duration[2] ?? 'd'] ?? DAY)
      : until !== undefined
        ? (byId.get(until)?.start ?? start)
        : parseGanttDate(endText, dateFormat)
    if (!Number.isFinite(end) || end < start) end = start
    const fixed = skipWeekends && end > start ? skippingWeekends(start, end) : {end, drawnEnd: end}
    const task: Task = {
      name,
      section,
      ...(id ? {id} : {}),
      start,
      end: fixed.end,
      drawnEnd: fixed.drawnEnd,
      milestone: flags.has('milestone'),
      done: flags.has('done'),
      active: flags.has('active'),
      crit: flags.has('crit'),
    }
    tasks.push(task)
    if (id) byId.set(id, task)
  }
  return {...(title ? {title} : {}), ...(axisFormat ? {axisFormat} : {}), tasks}
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** A date written with d3's time format directives (%Y %m %d %e %b %B %a %A %H %M %W %U %j %y), in UTC. */
export function formatGanttDate(time: number, format: string): string {
  const date = new Date(time)
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const dayOfYear = Math.floor((time - yearStart) / DAY)
  const firstDay = new Date(yearStart).getUTCDay()
  // %W: weeks starting on Monday, days before the first Monday in week 0; %U the same with Sunday.
  const week = (start: number) => Math.floor((dayOfYear + ((firstDay - start + 7) % 7)) / 7)
  return format.replace(/%([a-zA-Z%])/g, (whole, directive: string) => {
    switch (directive) {
      case 'Y':
        return String(date.getUTCFullYear())
      case 'y':
        return pad(date.getUTCFullYear() % 100)
      case 'm':
        return pad(date.getUTCMonth() + 1)
      case 'd':
        return pad(date.getUTCDate())
      case 'e':
        return String(date.getUTCDate())
      case 'b':
        return (MONTHS[date.getUTCMonth()] ?? '').slice(0, 3)
      case 'B':
        return MONTHS[date.getUTCMonth()] ?? ''
      case 'a':
        return (DAYS[date.getUTCDay()] ?? '').slice(0, 3)
      case 'A':
        return DAYS[date.getUTCDay()] ?? ''
      case 'H':
        return pad(date.getUTCHours())
      case 'M':
        return pad(date.getUTCMinutes())
      case 'j':
        return pad(dayOfYear + 1, 3)
      case 'W':
        return pad(week(1))
      case 'U':
        return pad(week(0))
      case '%':
        return '%'
      default:
        return whole
    }
  })
}

/** Ticks of the axis: whole days, weeks (on Mondays) or months, about eight over the span. */
function ticksOf(from: number, to: number): number[] {
  const span = Math.max(to - from, DAY)
  const steps = [DAY, 2 * DAY, 7 * DAY, 14 * DAY]
  const step = steps.find((candidate) => span / candidate <= 10)
  const ticks: number[] = []
  if (step !== undefined) {
    let time = Math.ceil(from / DAY) * DAY
    if (step >= 7 * DAY) while (new Date(time).getUTCDay() !== 1) time += DAY
    for (; time <= to; time += step) ticks.push(time)
    return ticks
  }
  const months = Math.max(1, Math.ceil(span / (30 * DAY) / 10))
  const start = new Date(from)
  for (let month = start.getUTCMonth() + 1; ; month += months) {
    const time = Date.UTC(start.getUTCFullYear(), month, 1)
    if (time > to) break
    ticks.push(time)
  }
  return ticks
}

/** The chart as an SVG element. */
export function renderGantt(code: string, colours: DiagramColours = SITE_DIAGRAM_COLOURS): string {
  const {title, axisFormat, tasks} = readGantt(code)
  const from = Math.min(...tasks.map((task) => task.start))
  const to = Math.max(...tasks.map((task) => task.end), from + DAY)
  const top = title ? 40 : 12
  // Room on the right for the last tick's date, centred on the edge.
  const plot = WIDTH - LEFT - 40
  const x = (time: number) => LEFT + ((time - from) / (to - from)) * plot
  const height = top + tasks.length * ROW + 34
  const parts: string[] = []
  if (title) parts.push(`<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="16" font-weight="600" fill="${colours.text}">${svgText(title)}</text>`)
  // Sections: a band behind their rows, every other one shaded, the name at the left.
  let row = 0
  for (let index = 0, band = 0; index < tasks.length; band++) {
    const section = tasks[index]?.section ?? ''
    let count = 0
    while (index + count < tasks.length && tasks[index + count]?.section === section) count++
    const y = top + row * ROW
    if (band % 2 === 0) parts.push(`<rect x="0" y="${y}" width="${WIDTH}" height="${count * ROW}" fill="${colours.muted}" opacity="0.1"/>`)
    if (section) parts.push(`<text x="8" y="${y + (count * ROW) / 2 + 4}" font-size="12" font-weight="600" fill="${colours.text}">${svgText(section)}</text>`)
    row += count
    index += count
  }
  const axisY = top + tasks.length * ROW + 6
  for (const tick of ticksOf(from, to)) {
    const tx = x(tick)
    parts.push(
      `<line x1="${tx}" y1="${top}" x2="${tx}" y2="${axisY}" stroke="${colours.muted}" stroke-width="1" opacity="0.3"/>`,
      `<text x="${tx}" y="${axisY + 16}" text-anchor="middle" font-size="11" fill="${colours.muted}">${svgText(formatGanttDate(tick, axisFormat ?? '%Y-%m-%d'))}</text>`,
    )
  }
  tasks.forEach((task, index) => {
    const y = top + index * ROW + (ROW - BAR) / 2
    const colour = task.crit ? CRIT : task.done ? colours.muted : colours.primary
    const [x1, x2] = [x(task.start), x(task.drawnEnd)]
    let labelX: number
    let anchor: 'start' | 'middle' | 'end'
    if (task.milestone) {
      const cx = x1
      const half = BAR / 2
      parts.push(`<path d="M${cx} ${y} L${cx + half} ${y + half} L${cx} ${y + BAR} L${cx - half} ${y + half} Z" fill="${colour}"/>`)
      ;[labelX, anchor] = cx + half + 4 + task.name.length * 6.5 > WIDTH ? [cx - half - 4, 'end'] : [cx + half + 4, 'start']
    } else {
      // A light fill in the task's colour under its name (readable in either mode), its edge in the full colour.
      parts.push(
        `<rect x="${x1}" y="${y}" width="${Math.max(x2 - x1, 2)}" height="${BAR}" rx="3" fill="${colour}" fill-opacity="${task.active ? 0.12 : 0.3}" stroke="${colour}" stroke-width="${task.active ? 2 : 1}"/>`,
      )
      const fits = task.name.length * 6.5 + 8 < x2 - x1
      ;[labelX, anchor] = fits ? [(x1 + x2) / 2, 'middle'] : x2 + 4 + task.name.length * 6.5 > WIDTH ? [x1 - 4, 'end'] : [x2 + 4, 'start']
    }
    parts.push(`<text x="${labelX}" y="${y + BAR / 2 + 4}" text-anchor="${anchor}" font-size="11" fill="${colours.text}">${svgText(task.name)}</text>`)
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" style="">${parts.join('')}</svg>`
}
