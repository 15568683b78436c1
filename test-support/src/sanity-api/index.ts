/** The stand-in of Sanity's HTTP API for tests that connect over HTTP; see ./api.ts for what it answers. */
export {
  SanityApiStandIn,
  STAND_IN_USER,
  type RecordedRequest,
  type RecordedWrite,
  type SanityApiOptions,
  type StoredDocument,
  type StreamChannel,
  type Upload,
} from './api'
export {startSanityApiStandIn, type SanityApiServer, type SanityApiServerOptions} from './http'
