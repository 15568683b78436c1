/** The editors' studio, on top of the content model of @site/schemas. */
import {visionTool} from '@sanity/vision'
import {schemaTypes, SITE_SETTINGS_ID} from '@site/schemas'
import {defineConfig} from 'sanity'
import {structureTool} from 'sanity/structure'
import {studioEnv} from './env'

const singletonTypes = new Set(['siteSettings'])

export default defineConfig({
  name: 'default',
  title: 'Socket.IO website',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  plugins: [
    structureTool({
      structure: (S) =>
        S.list()
          .title('Content')
          .items([
            S.listItem().title('Site settings').id(SITE_SETTINGS_ID).child(S.document().schemaType('siteSettings').documentId(SITE_SETTINGS_ID)),
            S.divider(),
            ...S.documentTypeListItems().filter((item) => !singletonTypes.has(item.getId() ?? '')),
          ]),
    }),
    visionTool({defaultApiVersion: '2025-02-19'}),
  ],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({schemaType}) => !singletonTypes.has(schemaType)),
  },
  document: {
    actions: (actions, {schemaType}) =>
      singletonTypes.has(schemaType) ? actions.filter(({action}) => action !== 'duplicate' && action !== 'delete') : actions,
  },
})
