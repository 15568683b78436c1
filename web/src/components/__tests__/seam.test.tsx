// @vitest-environment jsdom
// The seam between server markup and the page script: the components' markup, rendered as the
// server does, is what the script's installers find and drive; the site's stylesheets fold at the breakpoint the script uses.
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {renderToStaticMarkup} from 'react-dom/server'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {ColorModeToggle} from '../color-mode-toggle'
import {CopyButton} from '../copy-button'
import {INLINE_SCRIPTS, SIDEBAR_OPEN_SCRIPT} from '../inline-scripts'
import {LazyEmbed} from '../lazy-embed'
import {
  CLASS,
  COPY_BUTTON_DATA,
  dataProps,
  EVENT,
  LAZY_EMBED_DATA,
  MOBILE_MAX_WIDTH_PX,
  MOBILE_QUERY,
  panelsOf,
  readData,
  STORAGE,
  tabGroupKey,
  tabsOf,
} from '../seam'
import {Tabs} from '../tabs'
import {colorModeToggle} from '../color-mode'
import {copyButtons} from '../copy-buttons'
import {tabGroups} from '../tab-groups'

const cleanups: Array<() => void> = []
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  document.body.innerHTML = ''
  localStorage.clear()
})

function mount(markup: string): void {
  document.body.innerHTML = markup
}

describe('the page script over the server markup', () => {
  it('switches and remembers the tabs that Tabs renders', () => {
    const set = (id: string) => (
      <Tabs id={id} groupId="lang" values={['js', 'ts']} labels={['JavaScript', 'TypeScript']} defaultIndex={0}>
        {[<p key="js">js</p>, <p key="ts">ts</p>]}
      </Tabs>
    )
    mount(
      renderToStaticMarkup(
        <>
          {set('a')}
          {set('b')}
        </>,
      ),
    )
    const heard: unknown[] = []
    const onGroup = (event: Event) => heard.push(event instanceof CustomEvent ? event.detail : null)
    window.addEventListener(EVENT.tabGroup, onGroup)
    cleanups.push(() => window.removeEventListener(EVENT.tabGroup, onGroup), tabGroups())
    const [first, second] = [...document.querySelectorAll<HTMLElement>(`.${CLASS.tabs}`)]
    expect(tabsOf(first!).map((tab) => tab.textContent)).toEqual(['JavaScript', 'TypeScript'])
    tabsOf(first!)[1]!.click()
    for (const tabs of [first!, second!]) {
      expect(tabsOf(tabs).map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true'])
      expect(panelsOf(tabs).map((panel) => panel.hidden)).toEqual([true, false])
    }
    expect(localStorage.getItem(tabGroupKey('lang'))).toBe('ts')
    expect(heard).toEqual([{groupId: 'lang', value: 'ts'}])
  })

  it('copies the code of the block that CopyButton sits in and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', {value: {writeText}, configurable: true})
    mount(
      `<div class="${CLASS.codeBlock}"><pre>npm i socket.io\n</pre>${renderToStaticMarkup(<CopyButton copy="Copier" copied="Copié" label="Copier le code" />)}</div>`,
    )
    for (const pre of document.querySelectorAll('pre')) Object.defineProperty(pre, 'innerText', {get: () => pre.textContent})
    cleanups.push(copyButtons())
    const button = document.querySelector<HTMLButtonElement>(`.${CLASS.codeCopy}`)!
    button.click()
    expect(writeText).toHaveBeenCalledWith('npm i socket.io')
    await vi.waitFor(() => expect(button.textContent).toBe('Copié'))
    expect(button.getAttribute('aria-label')).toBe('Copié')
  })

  it('labels and flips the colour mode with the toggle ColorModeToggle renders', () => {
    document.documentElement.dataset.theme = 'light'
    mount(renderToStaticMarkup(<ColorModeToggle label="Mode {mode}" lightName="clair" darkName="sombre" />))
    const themes: string[] = []
    const onTheme = () => themes.push(document.documentElement.dataset.theme ?? '')
    document.addEventListener(EVENT.theme, onTheme)
    cleanups.push(() => document.removeEventListener(EVENT.theme, onTheme), colorModeToggle())
    const button = document.querySelector<HTMLButtonElement>(`.${CLASS.colorModeToggle}`)!
    expect(button.getAttribute('aria-label')).toBe('Mode clair')
    button.click()
    expect(themes).toEqual(['dark'])
    expect(localStorage.getItem(STORAGE.theme)).toBe('dark')
    expect(button.getAttribute('aria-label')).toBe('Mode sombre')
  })

  it('reads back every data attribute a component wrote', () => {
    mount(
      renderToStaticMarkup(
        <LazyEmbed url="/demo/" title="Demo" height={420} sandbox="allow-scripts" labels={{loading: 'Chargement', error: 'Erreur', retry: 'Réessayer'}} />,
      ),
    )
    expect(readData(document.querySelector<HTMLElement>(`.${CLASS.lazyEmbed}`)!, LAZY_EMBED_DATA)).toEqual({
      embedUrl: '/demo/',
      embedTitle: 'Demo',
      embedHeight: '420',
      embedSandbox: 'allow-scripts',
      loading: 'Chargement',
      error: 'Erreur',
      retry: 'Réessayer',
    })
    expect(dataProps(COPY_BUTTON_DATA, {copy: 'a', copied: 'b', copyLabel: 'c'})).toEqual({'data-copy': 'a', 'data-copied': 'b', 'data-copy-label': 'c'})
  })
})

describe('the breakpoint', () => {
  // The stylesheets the root layout imports (one beside each component), read from its import lines.
  const layout = readFileSync(path.resolve(import.meta.dirname, '../../../app/[[...path]]/layout.tsx'), 'utf8')
  const sheets = [...layout.matchAll(/^import '@\/(.+\.css)'$/gm)].map(([, file = '']) => path.resolve(import.meta.dirname, '../..', file))
  const css = sheets.map((file) => readFileSync(file, 'utf8')).join('\n')
  const widths = [...css.matchAll(/@media[^{]*\((max|min)-width:\s*(\d+)px\)/g)].map(([, side, px]) => ({side, px: Number(px)}))

  it('is the one the stylesheets fold the navbar at, on both sides', () => {
    expect(sheets.length).toBeGreaterThan(1)
    expect(MOBILE_QUERY).toBe(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`)
    expect(widths).toContainEqual({side: 'max', px: MOBILE_MAX_WIDTH_PX})
    expect(widths).toContainEqual({side: 'min', px: MOBILE_MAX_WIDTH_PX + 1})
    // A width near the breakpoint but off by a few pixels is a copy that drifted.
    const near = widths.filter(({px}) => Math.abs(px - MOBILE_MAX_WIDTH_PX) <= 40)
    expect(near.every(({side, px}) => px === (side === 'max' ? MOBILE_MAX_WIDTH_PX : MOBILE_MAX_WIDTH_PX + 1))).toBe(true)
  })

  it('is the one the inline script opening the sidebar asks for', () => {
    expect(SIDEBAR_OPEN_SCRIPT).toContain(`matchMedia('${MOBILE_QUERY}')`)
    // The inline scripts are allowed by hash: built from the names, they stay constant texts.
    for (const script of INLINE_SCRIPTS) expect(script).not.toMatch(/\$\{|undefined/)
  })
})
