import {defineCliConfig} from 'sanity/cli'
import {missingProjectWarning} from './cli-notice'

const warning = missingProjectWarning(process.argv.slice(2), process.env, process.stderr.isTTY === true)
if (warning) process.stderr.write(warning)

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || process.env.SANITY_PROJECT_ID || 'unconfigured',
    dataset: process.env.SANITY_STUDIO_DATASET || process.env.SANITY_DATASET || 'production',
  },
  studioHost: process.env.SANITY_STUDIO_HOST,
  typegen: {
    path: '../schemas/src/queries.ts',
    schema: '../schemas/schema.json',
    generates: '../schemas/src/sanity.types.ts',
    overloadClientMethods: true,
  },
})
