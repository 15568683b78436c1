/**
 * Every route that the site specification names (section 2, written for the fr build) exists in the
 * build output of all four locales: the French route, and its counterparts unprefixed (en) and
 * under /pt-br and /zh-CN. Each answers 200 with a document in the locale's language.
 */
import {expect, test} from '@playwright/test'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()

const LOCALES = [
  {prefix: '', lang: /^en\b/},
  {prefix: '/fr', lang: /^fr\b/},
  {prefix: '/pt-br', lang: /^pt\b/},
  {prefix: '/zh-CN', lang: /^zh\b/},
] as const

const range = (from: number, to: number) => Array.from({length: to - from + 1}, (_, i) => from + i)

const HOW_TO = [
  'build-a-basic-client',
  'check-the-latency-of-the-connection',
  'count-connected-clients',
  'count-connected-users',
  'deal-with-cookies',
  'disconnect-a-specific-client',
  'get-the-ip-address-of-the-client',
  'handle-eaddrinused-errors',
  'implement-a-subscription-model',
  'register-a-global-middleware',
  'upload-a-file',
  'use-with-express-session',
  'use-with-jwt',
  'use-with-nextjs',
  'use-with-nuxt',
  'use-with-nwjs',
  'use-with-passport',
  'use-with-pkg',
  'use-with-react',
  'use-with-react-native',
  'use-with-vue',
]

const V4_DOCS = [
  'adapter',
  'admin-ui',
  'broadcasting-events',
  'client-api',
  'client-initialization',
  'client-installation',
  'client-offline-behavior',
  'client-options',
  'client-socket-instance',
  'cluster-adapter',
  'connection-state-recovery',
  'custom-parser',
  'delivery-guarantees',
  'emit-cheatsheet',
  'emitting-events',
  'engine-io-protocol',
  'faq',
  'glossary',
  'handling-cors',
  'how-it-works',
  'listening-to-events',
  'load-testing',
  'logging-and-debugging',
  'memory-usage',
  'middlewares',
  'namespaces',
  'performance-tuning',
  'pm2',
  'reverse-proxy',
  'rooms',
  'server-api',
  'server-initialization',
  'server-installation',
  'server-instance',
  'server-options',
  'server-socket-instance',
  'socket-io-protocol',
  'testing',
  'troubleshooting-connection-issues',
  'typescript',
  'using-multiple-nodes',
  'migrating-from-2-x-to-3-0',
  'migrating-from-3-x-to-4-0',
  'redis-adapter',
  'redis-streams-adapter',
  'mongo-adapter',
  'postgres-adapter',
  'aws-sqs-adapter',
  'azure-service-bus-adapter',
  'gcp-pubsub-adapter',
]

const RELEASES = [
  '2.5.0',
  ...range(0, 4).map((n) => `4.5.${n}`),
  ...range(0, 2).map((n) => `4.6.${n}`),
  ...range(0, 5).map((n) => `4.7.${n}`),
  '4.8.0',
  '4.8.1',
]

const TUTORIAL = ['introduction', ...range(1, 9).map((n) => `step-${n}`), 'api-overview', 'handling-disconnections', 'ending-notes']

/** The spec's routes without locale prefix, exactly as it writes them. */
export const SPEC_ROUTES: readonly string[] = [
  '/',
  '/blog',
  ...range(2, 5).map((n) => `/blog/page/${n}`),
  '/blog/archive',
  '/demos/chat',
  '/demos/whiteboard',
  '/get-started/',
  ...['basic-crud-application', 'chat', ...range(1, 4).map((n) => `private-messaging-part-${n}`), 'webtransport'].map((name) => `/get-started/${name}`),
  ...HOW_TO.map((slug) => `/how-to/${slug}`),
  '/search',
  '/socket-io-with-apache-cordova',
  '/docs/v2/',
  '/docs/v3/',
  '/docs/v4/',
  ...V4_DOCS.map((slug) => `/docs/v4/${slug}/`),
  '/docs/v4/changelog/',
  ...RELEASES.map((version) => `/docs/v4/changelog/${version}`),
  '/docs/v4/tutorial/',
  ...TUTORIAL.map((name) => `/docs/v4/tutorial/${name}/`),
]

test.describe('every route of the specification, in the four locales', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const {prefix, lang} of LOCALES) {
    test(`${prefix || '(en, no prefix)'}: ${SPEC_ROUTES.length} routes answer 200 in the locale's language`, async ({request}) => {
      const failures: string[] = []
      for (const route of SPEC_ROUTES) {
        const url = `${prefix}${route}`
        const response = await request.get(url)
        if (response.status() !== 200) {
          failures.push(`${url} → ${response.status()}`)
          continue
        }
        const htmlLang = /<html[^>]*\slang="([^"]+)"/.exec(await response.text())?.[1] ?? ''
        if (!lang.test(htmlLang)) failures.push(`${url} → lang="${htmlLang}"`)
      }
      expect(failures, `routes missing or in the wrong language:\n${failures.join('\n')}`).toEqual([])
    })
  }
})
