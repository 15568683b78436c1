/**
 * A publish's progress, told to whoever runs it: when SITE_PUBLISH_EVENTS names a file, the publish's steps
 * (tools/build-aside.sh, the plan of ./incremental-build.ts, the link check) append one JSON line to it per event,
 * which the publish service reads to keep the editors' status documents up to date. Writing an event never fails
 * the publish: a file that cannot be written is skipped.
 */
import {appendFileSync} from 'node:fs'

export const PUBLISH_EVENTS_VARIABLE = 'SITE_PUBLISH_EVENTS'

/** A broken link as the link check reports it: the page holding it, the address and why it is broken. */
export interface PublishEventBrokenLink {
  page: string
  link: string
  reason: string
  kind: string
}

export type PublishEvent =
  /** A step begins: plan (incremental), render, build (full), links (the link check), swap. */
  | {event: 'step'; step: 'plan' | 'render' | 'build' | 'links' | 'swap'; at: number}
  /** What an incremental publish renders, or why it builds everything instead. */
  | {event: 'plan'; mode: 'incremental' | 'full'; reason?: string; routes?: string[]; count?: number; at: number}
  /** How many pages a full build rendered. */
  | {event: 'rendered'; count: number; at: number}
  /** The link check refused the build: the links that broke it. */
  | {event: 'links-refused'; broken: PublishEventBrokenLink[]; at: number}
  /** The new build serves the site. */
  | {event: 'live'; build: string; at: number}
  /** The link check refused it: the site keeps the build it had. */
  | {event: 'refused'; at: number}
  /** A step failed: the site keeps the build it had. */
  | {event: 'failed'; step: string; at: number}

/** Routes named in a plan event: enough for the editors' list, not the whole site. */
export const MAX_EVENT_ROUTES = 50

/** Appends an event to the file SITE_PUBLISH_EVENTS names, if any (never throws). */
export function recordPublishEvent(event: PublishEvent, env: NodeJS.ProcessEnv = process.env): void {
  const file = env[PUBLISH_EVENTS_VARIABLE]
  if (!file) return
  try {
    appendFileSync(file, `${JSON.stringify(event)}\n`)
  } catch {
    // The publish goes on: its status is a convenience for editors, never a condition of publishing.
  }
}

/** The events of a file's text, skipping lines that are not whole JSON (a line being written). */
export function parsePublishEvents(text: string): PublishEvent[] {
  const events: PublishEvent[] = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    try {
      const parsed = JSON.parse(line) as unknown
      if (typeof parsed === 'object' && parsed !== null && typeof (parsed as {event?: unknown}).event === 'string') events.push(parsed as PublishEvent)
    } catch {
      // Half a line: the rest comes with the next read.
    }
  }
  return events
}
