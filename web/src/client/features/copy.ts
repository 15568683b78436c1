// Code copy buttons: fetched when the page is idle or at the first click on one (markers.ts).
export {copyButtons as install} from '../../components/copy-buttons'
