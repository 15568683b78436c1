// The table of contents' highlight of the heading being read: fetched only by pages with a TOC (markers.ts).
export {tocHighlight as install} from '../../components/toc-highlight'
