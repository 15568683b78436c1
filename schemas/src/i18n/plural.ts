/**
 * Plural messages: forms separated by "|", one per plural category of the locale in CLDR order
 * (en: one|other; fr and pt-br: one|many|other; zh-CN: other), chosen with Intl.PluralRules.
 * Plain functions without dependencies, so that browser code (the search UI) picks forms exactly
 * as the server does.
 */

const CLDR_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/**
 * The locale's plural categories in CLDR order. resolvedOptions() lists them in an order that
 * depends on the ICU build (Node 22 gives many, one, other for French), while translators write
 * forms in CLDR order (one before many before other), as Docusaurus translations do.
 */
export function pluralCategories(rules: Intl.PluralRules): Intl.LDMLPluralRule[] {
  const present = new Set(rules.resolvedOptions().pluralCategories)
  return CLDR_ORDER.filter((category) => present.has(category))
}

const rulesCache = new Map<string, Intl.PluralRules>()

function rulesFor(locale: string): Intl.PluralRules {
  let rules = rulesCache.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    rulesCache.set(locale, rules)
  }
  return rules
}

/**
 * The form of a "|"-separated plural message for `count`. A message with fewer forms than the
 * locale has categories falls back to its last form (a translation written for English's two forms
 * still reads right for "other"); a single form serves every count.
 */
export function selectPluralForm(message: string, count: number, locale: string): string {
  const forms = message.split('|')
  const rules = rulesFor(locale)
  const index = pluralCategories(rules).indexOf(rules.select(count))
  return forms[Math.min(index === -1 ? forms.length - 1 : index, forms.length - 1)] ?? ''
}

/** A count written as the locale writes numbers (1 000 in French, with a narrow no-break space). */
export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count)
}

/** Fills {name} placeholders; unknown ones stay visible, so that a mistake shows. */
export function fillPlaceholders(message: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return message
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : String(value)
  })
}

/** A plural message for `count`: the locale's form, {count} written as the locale writes numbers. */
export function formatPlural(message: string, count: number, locale: string, values?: Readonly<Record<string, string | number>>): string {
  return fillPlaceholders(selectPluralForm(message, count, locale), {...values, count: formatCount(count, locale)})
}
