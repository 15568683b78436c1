/**
 * What Docusaurus's classic theme (Infima 0.2) gives the elements whose look the theme reads, before a
 * site's custom CSS: the variables and the declarations that use them, with their default values. A
 * site's CSS is read on top of these, in the cascade, as the browser reads it on top of Infima's.
 * Only what the theme reads is here; the values are Infima's (and the classic theme's own, for the
 * highlighted code line).
 */
export const INFIMA_DEFAULTS = /* css */ `
:root {
  --ifm-color-primary: #3578e5;
  --ifm-color-primary-dark: rgb(48, 108, 206);
  --ifm-color-primary-darker: rgb(45, 102, 195);
  --ifm-color-primary-darkest: rgb(37, 84, 160);
  --ifm-color-primary-light: rgb(83, 140, 233);
  --ifm-color-primary-lighter: rgb(114, 161, 237);
  --ifm-color-primary-lightest: rgb(154, 188, 242);
  --ifm-color-secondary: #ebedf0;
  --ifm-color-white: #fff;
  --ifm-color-black: #000;
  --ifm-color-gray-0: var(--ifm-color-white);
  --ifm-color-gray-100: #f5f6f7;
  --ifm-color-gray-200: #ebedf0;
  --ifm-color-gray-300: #dadde1;
  --ifm-color-gray-400: #ccd0d5;
  --ifm-color-gray-500: #bec3c9;
  --ifm-color-gray-600: #8d949e;
  --ifm-color-gray-700: #606770;
  --ifm-color-gray-800: #444950;
  --ifm-color-gray-900: #1c1e21;
  --ifm-color-gray-1000: var(--ifm-color-black);
  --ifm-color-emphasis-0: var(--ifm-color-gray-0);
  --ifm-color-emphasis-100: var(--ifm-color-gray-100);
  --ifm-color-emphasis-200: var(--ifm-color-gray-200);
  --ifm-color-emphasis-300: var(--ifm-color-gray-300);
  --ifm-color-emphasis-400: var(--ifm-color-gray-400);
  --ifm-color-emphasis-500: var(--ifm-color-gray-500);
  --ifm-color-emphasis-600: var(--ifm-color-gray-600);
  --ifm-color-emphasis-700: var(--ifm-color-gray-700);
  --ifm-color-emphasis-800: var(--ifm-color-gray-800);
  --ifm-color-emphasis-900: var(--ifm-color-gray-900);
  --ifm-color-emphasis-1000: var(--ifm-color-gray-1000);
  --ifm-color-content: var(--ifm-color-emphasis-900);
  --ifm-color-content-inverse: var(--ifm-color-emphasis-0);
  --ifm-color-content-secondary: #525860;
  --ifm-background-color: transparent;
  --ifm-background-surface-color: var(--ifm-color-content-inverse);
  --ifm-font-color-base: var(--ifm-color-content);
  --ifm-font-color-base-inverse: var(--ifm-color-content-inverse);
  --ifm-font-family-base: system-ui, -apple-system, Segoe UI, Roboto, Ubuntu, Cantarell, Noto Sans, sans-serif, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol';
  --ifm-font-family-monospace: SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', 'Courier New', monospace;
  --ifm-heading-font-family: var(--ifm-font-family-base);
  --ifm-code-font-size: 90%;
  --ifm-global-radius: 0.4rem;
  --ifm-link-color: var(--ifm-color-primary);
  --ifm-button-color: var(--ifm-font-color-base-inverse);
  --ifm-navbar-background-color: var(--ifm-background-surface-color);
  --ifm-navbar-link-color: var(--ifm-font-color-base);
  --ifm-footer-background-color: var(--ifm-color-emphasis-100);
  --ifm-footer-color: inherit;
  --ifm-footer-link-color: var(--ifm-color-emphasis-700);
}
:where(:root) {
  --docusaurus-highlighted-code-line-bg: rgb(72 77 91);
}
:where([data-theme='dark']) {
  --docusaurus-highlighted-code-line-bg: rgb(100 100 100);
}
html {
  background-color: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
  font-family: var(--ifm-font-family-base);
}
html[data-theme='dark'] {
  --ifm-color-emphasis-0: var(--ifm-color-gray-1000);
  --ifm-color-emphasis-100: var(--ifm-color-gray-900);
  --ifm-color-emphasis-200: var(--ifm-color-gray-800);
  --ifm-color-emphasis-300: var(--ifm-color-gray-700);
  --ifm-color-emphasis-400: var(--ifm-color-gray-600);
  --ifm-color-emphasis-500: var(--ifm-color-gray-500);
  --ifm-color-emphasis-600: var(--ifm-color-gray-400);
  --ifm-color-emphasis-700: var(--ifm-color-gray-300);
  --ifm-color-emphasis-800: var(--ifm-color-gray-200);
  --ifm-color-emphasis-900: var(--ifm-color-gray-100);
  --ifm-color-emphasis-1000: var(--ifm-color-gray-0);
  --ifm-background-color: #1b1b1d;
  --ifm-background-surface-color: #242526;
  --ifm-color-content: #e3e3e3;
}
a {
  color: var(--ifm-link-color);
}
code {
  font-family: var(--ifm-font-family-monospace);
  font-size: var(--ifm-code-font-size);
}
h1 {
  font-family: var(--ifm-heading-font-family);
}
.button {
  background-color: var(--ifm-button-background-color);
  color: var(--ifm-button-color);
}
:where(.button--primary) {
  --ifm-button-background-color: var(--ifm-color-primary);
}
.navbar {
  background-color: var(--ifm-navbar-background-color);
}
.navbar--dark, .navbar--primary {
  --ifm-navbar-link-color: var(--ifm-color-gray-100);
}
.navbar--dark {
  --ifm-navbar-background-color: #242526;
}
.navbar--primary {
  --ifm-navbar-background-color: var(--ifm-color-primary);
}
.navbar__link {
  color: var(--ifm-navbar-link-color);
}
.footer {
  background-color: var(--ifm-footer-background-color);
  color: var(--ifm-footer-color);
}
.footer--dark {
  --ifm-footer-background-color: #303846;
  --ifm-footer-color: var(--ifm-footer-link-color);
  --ifm-footer-link-color: var(--ifm-color-secondary);
}
.footer__link-item {
  color: var(--ifm-footer-link-color);
}
`

/**
 * The elements of a Docusaurus page the theme reads, as the classic theme marks them up: the root,
 * the body, the navbar (`navbar--dark`/`navbar--primary` from themeConfig.navbar.style) and a link of
 * it, the footer (`footer--dark` from themeConfig.footer.style) and a link of it, a link in a doc,
 * a primary button and inline code and a heading of a doc.
 */
export interface DocusaurusPage {
  navbarStyle?: 'dark' | 'primary' | undefined
  footerStyle?: 'dark' | 'light' | undefined
}
