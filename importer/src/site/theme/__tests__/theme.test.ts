// The site's look from its custom CSS: small sites written by the test (their CSS in our own words),
// imported without writing, and the theme document and the report checked.
import {rm} from 'node:fs/promises'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../../../diagnostics'
import {importFiles} from '../../../__tests__/fixture-site'
import {TINY_INTRO, TINY_SIDEBARS} from '../../../__tests__/tiny-site'
import type {ImportResult} from '../../../run-import'

const temporary: string[] = []
afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

/** A config with the classic preset's customCss, a navbar icon link with a class, and `extra` lines of config. */
function config({customCss, extra = '', footerStyle = 'dark'}: {customCss: string; extra?: string; footerStyle?: string}): string {
  return [
    'module.exports = {',
    "  title: 'Lantern',",
    "  url: 'https://lantern.example.org',",
    "  baseUrl: '/',",
    `  presets: [['classic', {docs: {sidebarPath: require.resolve('./sidebars.js')}, blog: false, theme: {customCss: ${customCss}}}]],`,
    extra,
    '  themeConfig: {',
    '    navbar: {items: [',
    "      {type: 'doc', docId: 'intro', label: 'Docs', position: 'left'},",
    "      {href: 'https://code.example.org/lantern', position: 'right', className: 'header-repo-link', 'aria-label': 'Lantern source code'},",
    '    ]},',
    `    footer: {style: '${footerStyle}', links: [{title: 'More', items: [{label: 'Chat', href: 'https://chat.example.org', className: 'footer-chat'}]}]},`,
    '  },',
    '};',
    '',
  ].join('\n')
}

const INTRO_WITH_CLASS = `${TINY_INTRO}\nA <span className="badge-new">new</span> lamp.\n`

const REPO_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7'/%3E%3C/svg%3E"

const CUSTOM_CSS = `/* Lantern's colours, over Infima. */
@import './fonts.css';
@import url('https://fonts.googleapis.com/css2?family=Lora:wght@400;700&display=swap');
@import url('https://cdn.example.net/icon-pack/icons.css');

:root {
  --lantern-ink: #4a2c8f;
  --ifm-color-primary: var(--lantern-ink);
  --ifm-color-primary-dark: #432881;
  --ifm-color-primary-darker: #3f267a;
  --ifm-color-primary-darkest: #341f64;
  --ifm-color-primary-light: #51309d;
  --ifm-color-primary-lighter: #5532a4;
  --ifm-color-primary-lightest: #6038b5;
  --ifm-font-family-base: 'Atkinson Sans', system-ui, sans-serif;
  --ifm-heading-font-family: Lora, Georgia, serif;
  --ifm-code-font-size: 92%;
  --ifm-navbar-height: 4rem;
}

html[data-theme='dark'] {
  --ifm-color-primary: #b69cf0;
  --ifm-color-primary-dark: #a385ec;
  --ifm-background-color: #121016;
}

.navbar {
  --ifm-navbar-background-color: #2b1a55;
  --ifm-navbar-link-color: #f3eefe;
}

.header-repo-link::before {
  content: '';
  display: flex;
  width: 22px;
  height: 22px;
  background: url("${REPO_ICON}") no-repeat;
  position: relative;
}

html[data-theme='dark'] .header-repo-link::before {
  filter: invert(1);
}

.header-repo-link:hover {
  opacity: 0.7;
}

.badge-new {
  --badge-height: ;
  color: var(--ifm-color-primary);
  height: var(--badge-height);
  background-image: url('https://cdn.example.net/sparkle.png');
}

.footer-chat::before {
  content: '';
  background: url('/img/chat.svg');
  width: 1em;
  height: 1em;
}

.navbar__inner .navbar__items {
  flex-wrap: nowrap;
}

#banner-ad {
  position: fixed;
}

@media (max-width: 996px) {
  .header-repo-link {
    display: none;
  }
}

@keyframes glow {
  from {
    opacity: 0.5;
  }
}

x-search {
  visibility: hidden;
}
`

const FONTS_CSS = `@font-face {
  font-family: 'Atkinson Sans';
  src: url('/fonts/atkinson.woff2') format('woff2'), url('./atkinson-local.woff') format('woff');
  font-weight: 400;
  font-display: swap;
}

@font-face {
  font-family: 'Remote Sans';
  src: url('https://fonts.example.net/remote.woff2') format('woff2');
}
`

function site(files: Record<string, string> = {}): Record<string, string> {
  return {
    'docusaurus.config.js': config({customCss: "['./src/css/custom.css']"}),
    'sidebars.js': TINY_SIDEBARS,
    'docs/intro.md': INTRO_WITH_CLASS,
    'src/css/custom.css': CUSTOM_CSS,
    'src/css/fonts.css': FONTS_CSS,
    'src/css/atkinson-local.woff': 'a font file of the site (the importer copies it, it does not read it)',
    'static/fonts/atkinson.woff2': 'a font file of the site',
    'static/img/chat.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    ...files,
  }
}

type Theme = Record<string, unknown> & {
  light: Record<string, string>
  dark: Record<string, string>
  classRules?: Array<{selector: string; declarations: Array<{property: string; value: string}>; source: string}>
}

const themeOf = (result: ImportResult) => result.documents.find((document) => document._type === 'theme') as Theme | undefined
const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)

describe('the theme of a site with custom CSS', async () => {
  const result = await importFiles(site(), temporary, 'theme-')
  const theme = themeOf(result)

  it('imports without errors, as one theme document', () => {
    expect(result.errors.map(formatDiagnostic)).toEqual([])
    expect(theme).toMatchObject({_id: 'theme', _type: 'theme', importedFrom: ['src/css/custom.css', 'src/css/fonts.css']})
  })

  it("reads the primary colour and its shades in light mode, a variable of the site's own resolved", () => {
    expect(theme?.light).toMatchObject({
      primary: '#4a2c8f',
      primaryDark: '#432881',
      primaryDarker: '#3f267a',
      primaryDarkest: '#341f64',
      primaryLight: '#51309d',
      primaryLighter: '#5532a4',
      primaryLightest: '#6038b5',
      // What Infima gives what the site does not set.
      onPrimary: '#fff',
      background: '#ffffff',
      text: '#1c1e21',
    })
  })

  it('reads the dark block over the light one, and Infima’s dark colours for the rest', () => {
    expect(theme?.dark).toMatchObject({
      primary: '#b69cf0',
      primaryDark: '#a385ec',
      // Not in the dark block: the light block's.
      primaryDarker: '#3f267a',
      onPrimary: '#000',
      // html[data-theme='dark'] of the site is as specific as Infima's, and later: it wins.
      background: '#121016',
      surface: '#242526',
      text: '#e3e3e3',
    })
  })

  it('reads the navbar’s colours from the variables the site sets on it, and the dark footer of footer.style', () => {
    expect(theme?.light).toMatchObject({
      navbarBackground: '#2b1a55',
      navbarLink: '#f3eefe',
      footerBackground: '#303846',
      footerText: '#ebedf0',
      footerLink: '#ebedf0',
    })
    expect(theme?.dark).toMatchObject({navbarBackground: '#2b1a55', footerBackground: '#303846'})
    expect(theme?.footerStyle).toBe('dark')
  })

  it('reads the fonts and the code size the site sets, and carries over its font files and font service stylesheet', () => {
    expect(theme?.fonts).toEqual({base: "'Atkinson Sans', system-ui, sans-serif", headings: 'Lora, Georgia, serif'})
    expect(theme?.codeFontSize).toBe('92%')
    expect(theme?.fontStylesheets).toEqual(['https://fonts.googleapis.com/css2?family=Lora:wght@400;700&display=swap'])
    expect(theme?.fontFaces).toEqual([
      {
        _key: expect.any(String),
        _type: 'themeFontFace',
        family: 'Atkinson Sans',
        // The static file at its path; the one beside the stylesheet served under /assets/files/, as Docusaurus bundles it.
        sources: [
          {_key: expect.any(String), _type: 'themeFontSource', url: '/fonts/atkinson.woff2', format: 'woff2'},
          {
            _key: expect.any(String),
            _type: 'themeFontSource',
            url: expect.stringMatching(/^\/assets\/files\/[0-9a-f]{8}-atkinson-local\.woff$/),
            format: 'woff',
          },
        ],
        weight: '400',
        display: 'swap',
      },
    ])
    const served = result.documents.filter((document) => document._type === 'staticFile').map((document) => document.path)
    expect(served).toEqual(expect.arrayContaining(['fonts/atkinson.woff2', expect.stringMatching(/^assets\/files\/[0-9a-f]{8}-atkinson-local\.woff$/)]))
  })

  it('carries over the icon of the navbar link’s class, its dark-mode filter and its hover, without what would move our layout', () => {
    const rules = theme?.classRules ?? []
    const bySelector = new Map(rules.map((rule) => [rule.selector, rule.declarations.map(({property, value}) => `${property}: ${value}`)]))
    expect(bySelector.get('.header-repo-link::before')).toEqual([
      "content: ''",
      'display: flex',
      'width: 22px',
      'height: 22px',
      `background: url("${REPO_ICON}") no-repeat`,
    ])
    expect(bySelector.get("[data-theme='dark'] .header-repo-link::before")).toEqual(['filter: invert(1)'])
    expect(bySelector.get('.header-repo-link:hover')).toEqual(['opacity: 0.7'])
    expect(rules.find((rule) => rule.selector === '.header-repo-link::before')?.source).toBe('src/css/custom.css:32')
  })

  it('carries over a colour of a class used in a page, in each mode (not a property set to an empty variable), and a footer icon of the site’s own file', () => {
    const rules = theme?.classRules ?? []
    expect(rules.filter((rule) => rule.selector.endsWith('.badge-new')).map((rule) => [rule.selector, rule.declarations])).toEqual([
      ['.badge-new', [{_key: expect.any(String), _type: 'themeDeclaration', property: 'color', value: '#4a2c8f'}]],
      ["[data-theme='dark'] .badge-new", [{_key: expect.any(String), _type: 'themeDeclaration', property: 'color', value: '#b69cf0'}]],
    ])
    expect(
      rules.find((rule) => rule.selector === '.footer-chat::before')?.declarations.find((declaration) => declaration.property === 'background')?.value,
    ).toBe('url("/img/chat.svg")')
  })

  it('reports, rule by rule with file and line, what is not carried over, and the stylesheets and fonts of other sites', () => {
    expect(warnings(result)).toEqual([
      'src/css/custom.css:4: https://cdn.example.net/icon-pack/icons.css: a stylesheet of cdn.example.net, which is not a font service: not loaded (pages load stylesheets of other sites only from font services: fonts.googleapis.com, fonts.bunny.net, use.typekit.net, api.fontshare.com, fonts.cdnfonts.com, rsms.me)',
      'src/css/custom.css:6: :root: --ifm-navbar-height not carried over: variables and properties the theme has no place for (Infima variables of sizes and spacing, and the site’s own variables that only its other rules use)',
      'src/css/custom.css:32: .header-repo-link::before: carried over without position (only what draws an icon or sets a colour or size is carried over for the site’s classes)',
      'src/css/custom.css:49: .badge-new: carried over without background-image (an image of another site (https://cdn.example.net/sparkle.png), which pages load only from the site)',
      "src/css/custom.css:63: .navbar__inner .navbar__items: not carried over: it styles .navbar__inner, .navbar__items, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      'src/css/custom.css:67: #banner-ad: not carried over: it styles elements by their place or name (descendants, ids, tags), which this site lays out itself; only rules of the site’s own classes are carried over',
      'src/css/custom.css:72: .header-repo-link: not carried over: it applies @media (max-width: 996px) only, and the theme holds what applies on every screen',
      "src/css/custom.css:77: @keyframes glow: not carried over (the theme holds colours, fonts and the rules of the site's classes)",
      'src/css/custom.css:83: x-search: it hides these elements, and the import leaves their text out of the pages',
      'src/css/fonts.css:8: @font-face "Remote Sans": not carried over: a font file of another site (https://fonts.example.net/remote.woff2), which pages load only from the site',
    ])
  })
})

describe('SCSS custom CSS (docusaurus-plugin-sass)', async () => {
  const SCSS = `// Lantern in Sass: variables, a function, nesting and a mixin.
$ink: #1f6f5c;
$ink-dark: #7fd8c1;
$mono: 'Fira Code', monospace;

@mixin icon($size) {
  width: $size;
  height: $size;
}

:root {
  --ifm-color-primary: #{$ink};
  --ifm-color-primary-dark: #{darken($ink, 5%)};
  --ifm-font-family-monospace: #{$mono};
}

[data-theme='dark'] {
  --ifm-color-primary: #{$ink-dark};
}

.header-repo-link {
  &::before {
    content: '';
    @include icon(20px);
    mask: url("${REPO_ICON}") no-repeat;
    background: currentColor;
  }
}

.menu {
  .menu__link {
    font-weight: 600;
  }
}
`
  const result = await importFiles(
    site({
      'docusaurus.config.js': config({customCss: "'./src/css/custom.scss'", extra: "  plugins: ['docusaurus-plugin-sass'],", footerStyle: 'light'}),
      'src/css/custom.scss': SCSS,
    }),
    temporary,
    'theme-scss-',
  )
  const theme = themeOf(result)

  it('compiles the SCSS and reads its variables, functions, nesting and mixins', () => {
    expect(result.errors.map(formatDiagnostic)).toEqual([])
    expect(theme?.light.primary).toBe('#1f6f5c')
    // Dart Sass writes darken() in percentages: a colour all the same.
    expect(theme?.light.primaryDark).toMatch(/^rgb\(/)
    expect(theme?.dark.primary).toBe('#7fd8c1')
    // Interpolated into a custom property, a Sass string loses its quotes (as in the site's Docusaurus build).
    expect(theme?.fonts).toEqual({monospace: 'Fira Code, monospace'})
    const icon = theme?.classRules?.find((rule) => rule.selector === '.header-repo-link::before')
    expect(icon?.declarations.map((declaration) => declaration.property)).toEqual(['content', 'width', 'height', 'mask', 'background'])
  })

  it('names the line of the .scss file where each thing is written', () => {
    expect(theme?.classRules?.find((rule) => rule.selector === '.header-repo-link::before')?.source).toBe('src/css/custom.scss:22')
    expect(warnings(result)).toEqual([
      "src/css/custom.scss:31: .menu .menu__link: not carried over: it styles .menu, .menu__link, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
    ])
  })

  it('reports SCSS that Sass cannot compile, with its line, and imports the rest of the site', async () => {
    const broken = await importFiles(
      site({
        'docusaurus.config.js': config({customCss: "'./src/css/custom.scss'"}),
        'src/css/custom.scss': ':root {\n  --ifm-color-primary: #{$undefined-ink};\n}\n',
      }),
      temporary,
      'theme-scss-broken-',
    )
    expect(broken.errors).toEqual([])
    expect(warnings(broken)).toContain(
      "src/css/custom.scss:2: Sass cannot compile it (Undefined variable.): the site's look is imported without src/css/custom.scss",
    )
    expect(themeOf(broken)?.light.primary).toBe('#3578e5')
  })
})

describe('colours that fail WCAG AA', async () => {
  const result = await importFiles(
    site({
      'src/css/custom.css': ":root {\n  --ifm-color-primary: #f5a623;\n}\n[data-theme='dark'] {\n  --ifm-color-primary: #ffc766;\n}\n",
      'src/css/fonts.css': '',
    }),
    temporary,
    'theme-contrast-',
  )

  it('imports them as the site has them and says so, naming the variable, the file, the line and the ratio', () => {
    expect(themeOf(result)?.light.primary).toBe('#f5a623')
    expect(warnings(result).filter((line) => line.includes('WCAG'))).toEqual([
      'src/css/custom.css:2: --ifm-color-primary: Text on the primary colour (buttons, light mode) has a contrast of 2.02:1, below the 4.5:1 of WCAG AA (#fff on #f5a623): imported as the site has it; the studio shows it on the Theme until the colour is changed',
      'src/css/custom.css:2: --ifm-color-primary: The primary colour as link text on the background (light mode) has a contrast of 2.02:1, below the 4.5:1 of WCAG AA (#f5a623 on #ffffff): imported as the site has it; the studio shows it on the Theme until the colour is changed',
    ])
  })
})

describe('a site without custom CSS', async () => {
  const result = await importFiles(
    {
      'docusaurus.config.js': config({customCss: '[]'}),
      'sidebars.js': TINY_SIDEBARS,
      'docs/intro.md': TINY_INTRO,
    },
    temporary,
    'theme-none-',
  )

  it('gets no theme: the site keeps this site’s own design', () => {
    expect(result.errors).toEqual([])
    expect(themeOf(result)).toBeUndefined()
  })
})
