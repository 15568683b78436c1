// Tab sets (components/tabs.tsx): a module of the page script fetched only by pages that have them (markers.ts).
export {tabGroups as install} from '../../components/tab-groups'
