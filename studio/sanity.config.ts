/** The editors' studio, on top of the content model of @site/schemas. */
import {documentInternationalization} from '@sanity/document-internationalization'
import {visionTool} from '@sanity/vision'
import {PUBLISH_REQUEST_TYPE, PUBLISH_STATUS_TYPE, documentTypes, schemaTypes} from '@site/schemas'
import {TRANSLATED_DOCUMENT_TYPES, SANITY_API_VERSION} from '@site/schemas/model'
import {createElement, Fragment} from 'react'
import {type ArrayOfObjectsInputProps, defineConfig, type InputProps, type ObjectInputProps, type StringInputProps} from 'sanity'
import {structureTool} from 'sanity/structure'
import {CutVersionAction, CutVersionDialogHost} from './actions/cut-version'
import {MarkTranslationCurrentAction} from './actions/mark-translation-current'
import {ViewOnSiteAction} from './actions/view-on-site'
import {studioEnv, UNCONFIGURED_PROJECT} from './env'
import {PAGE_TYPES} from './site-url'
import {sitePresentationTool} from './presentation'
import {fetchLocaleTable} from './locales'
import {LocalizedLabelInput} from './inputs/localized-label-input'
import {DiagramInput, MathInput} from './inputs/diagram-math-preview'
import {ThemeColourInput} from './inputs/theme-colour-input'
import {structure} from './structure/structure'
import {TranslationStatusBadge} from './translation/translation-badge'
import {showMissingProjectNotice} from './unconfigured-notice'
import {PublishStatusBadge} from './publishing/publish-status-badge'
import {PublishStatusBanner} from './publishing/publish-status-banner'
import {publishesTool} from './publishing/publishes-tool'

// Without a project the studio can only fail to reach Sanity: say which variable to set.
if (studioEnv.projectId === UNCONFIGURED_PROJECT && typeof window !== 'undefined' && typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom'))
  showMissingProjectNotice(document)

/** The array types of short translated labels, whose input is LocalizedLabelInput. */
function isLocalizedLabel(props: InputProps): props is ArrayOfObjectsInputProps {
  for (let type: {name: string; type?: unknown} | undefined = props.schemaType; type; type = type.type as typeof type) {
    if (type.name === 'localeString' || type.name === 'localeText') return true
  }
  return false
}

/** The colours of the theme, whose input is ThemeColourInput. */
function isThemeColour(props: InputProps): props is StringInputProps {
  for (let type: {name: string; type?: unknown} | undefined = props.schemaType; type; type = type.type as typeof type) {
    if (type.name === 'themeColour') return true
  }
  return false
}

const singletonTypes = new Set(['siteSettings', 'theme'])
const translatedTypes: ReadonlySet<string> = new Set(TRANSLATED_DOCUMENT_TYPES)
/** Written by the publish service (its status) or through the Publishes tool (a retry): no editor creates or edits them in forms. */
const publishServiceTypes: ReadonlySet<string> = new Set([PUBLISH_STATUS_TYPE, PUBLISH_REQUEST_TYPE])
/** The site's content: each of its documents shows the state of its last publish. */
const contentTypes: ReadonlySet<string> = new Set(documentTypes.map((type) => type.name).filter((name) => !publishServiceTypes.has(name)))

export default defineConfig({
  name: 'default',
  title: 'Socket.IO website',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  plugins: [
    structureTool({structure}),
    // Drafts on the site's pages, live, with click-to-edit overlays (the preview server, npm run preview).
    sitePresentationTool(),
    // Long texts are translated per document (one document per language, linked by translation.metadata);
    // short labels per field (localeString).
    documentInternationalization({
      // The languages are the site settings' locales: a site with other locales needs no code change.
      supportedLanguages: async (client) =>
        (await fetchLocaleTable((query, params) => client.fetch(query, params ?? {}))).locales.map((entry) => ({id: entry.code, title: entry.label})),
      schemaTypes: [...TRANSLATED_DOCUMENT_TYPES],
      languageField: 'language',
    }),
    visionTool({defaultApiVersion: SANITY_API_VERSION}),
  ],
  // Every publish of the site, as the publish service reports it.
  tools: (tools) => [...tools, publishesTool],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({schemaType}) => !singletonTypes.has(schemaType) && !publishServiceTypes.has(schemaType)),
  },
  studio: {
    components: {
      // The "Cut a new version" dialog outlives the document footer it was opened from (see the action).
      layout: (props) => createElement(Fragment, null, props.renderDefault(props), createElement(CutVersionDialogHost)),
    },
  },
  form: {
    components: {
      // Short translated labels: one row per locale of the site settings.
      // Diagrams and formulas: their source, then a preview drawn as the site's build draws it; theme colours: a swatch, the CSS value and a colour picker.
      input: (props) => {
        if (isLocalizedLabel(props)) return createElement(LocalizedLabelInput, props)
        if (isThemeColour(props)) return createElement(ThemeColourInput, props)
        if (props.schemaType.name === 'mermaidDiagram') return createElement(DiagramInput, props as ObjectInputProps)
        if (props.schemaType.name === 'mathBlock' || props.schemaType.name === 'mathInline') return createElement(MathInput, props as ObjectInputProps)
        // Above a content document's fields: the state of its last publish.
        if (props.path.length === 0 && contentTypes.has(props.schemaType.name))
          return createElement(Fragment, null, createElement(PublishStatusBanner), props.renderDefault(props))
        return props.renderDefault(props)
      },
    },
  },
  document: {
    actions: (actions, {schemaType}) => {
      if (publishServiceTypes.has(schemaType)) return []
      if (singletonTypes.has(schemaType)) return actions.filter(({action}) => action !== 'duplicate' && action !== 'delete')
      const extra = [
        ...(PAGE_TYPES.has(schemaType) ? [ViewOnSiteAction] : []),
        ...(translatedTypes.has(schemaType) ? [MarkTranslationCurrentAction] : []),
        // Starting a new major version: the docs, sidebars and settings of this one, copied into drafts.
        ...(schemaType === 'docsVersion' ? [CutVersionAction] : []),
      ]
      return [...actions, ...extra]
    },
    badges: (badges, {schemaType}) => [
      ...badges,
      ...(translatedTypes.has(schemaType) ? [TranslationStatusBadge] : []),
      ...(contentTypes.has(schemaType) ? [PublishStatusBadge] : []),
    ],
  },
})
