// The search entry points: fetched when the page is idle, at once on the search page, or at the reader's first move towards search (search-trigger.ts).
export {searchEntry as install} from '../search-entry'
