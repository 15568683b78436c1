/** The theme's facts for every side: colours and their contrast, the palette's fields, what may reach a page's CSS. */
export {composite, contrastRatio, formatRatio, isColour, parseColour, relativeLuminance, toHex, type Rgba} from './colour'
export {
  AA_TEXT_RATIO,
  type ColourMode,
  type ContrastProblem,
  type Palette,
  PALETTE_FIELDS,
  type PaletteField,
  paletteContrastProblems,
  SITE_PALETTE,
} from './palette'
export {
  CLASS_RULE_PROPERTIES,
  CLASS_SELECTOR,
  classRuleCss,
  type ClassRuleValue,
  declarationProblem,
  drawsIcon,
  FONT_FORMATS,
  FONT_SERVICES,
  fontFaceCss,
  fontFaceProblems,
  type FontFaceValue,
  fontServiceOf,
  type FontSource,
  isAllowedUrl,
  isFontFamilyList,
  isFontSize,
  isSitePath,
  selectorClasses,
} from './css-safety'

/** The id of the theme document (a singleton). */
export const THEME_ID = 'theme'
