// Embedded demos loaded near the viewport: fetched only by pages that embed one (markers.ts).
export {lazyEmbeds as install} from '../../components/lazy-embeds'
