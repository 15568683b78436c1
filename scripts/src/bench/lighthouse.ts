/**
 * Lighthouse scores of pages of the export, served locally by the site's static server, in Debian's
 * Chromium: the mobile and desktop presets, each run several times, median score per category.
 */
import type {AddressInfo} from 'node:net'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '@site/test-support/chromium'
import {createStaticServer} from '../serve'

export const CHROMIUM = CHROMIUM_PATH
// The flags every browser run here uses, plus headless (chrome-launcher starts a headed browser otherwise).
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
export type Preset = 'mobile' | 'desktop'

export interface LighthouseFigures {
  page: string
  preset: Preset
  runs: number
  /** Median score per category, 0–100. */
  scores: Record<Category, number>
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

export async function runLighthouse(outDir: string, pages: readonly string[], presets: readonly Preset[], runs: number): Promise<LighthouseFigures[]> {
  const server = createStaticServer({dir: outDir})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS})
  const results: LighthouseFigures[] = []
  try {
    for (const page of pages) {
      for (const preset of presets) {
        const samples: Record<Category, number[]> = {performance: [], accessibility: [], 'best-practices': [], seo: []}
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(
            `${origin}${page}`,
            {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES]},
            preset === 'desktop' ? desktopConfig : undefined,
          )
          if (!result) throw new Error(`Lighthouse returned nothing for ${page} (${preset})`)
          for (const category of CATEGORIES) {
            const score = result.lhr.categories[category]?.score
            if (typeof score !== 'number')
              throw new Error(`Lighthouse gave no ${category} score for ${page} (${preset}): ${result.lhr.runtimeError?.message ?? 'unknown reason'}`)
            samples[category].push(Math.round(score * 100))
          }
        }
        const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(samples[category])])) as Record<Category, number>
        results.push({page, preset, runs, scores})
      }
    }
  } finally {
    chrome.kill()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return results
}
