export { webFetchTool, WEB_FETCH_MAX_CHARS, type WebFetchInput } from './web-fetch';
export { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-page';
export type { ExtractLimits } from './extract-page';
