// The slide-in menu below 996 px: fetched when the page is idle, at the first click on its button or when the width changes (markers.ts).
export {mobileMenu as install, onDesktopWidth} from '../../components/mobile-menu'
