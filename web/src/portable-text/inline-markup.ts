// The inline markup parser now lives in @site/schemas, so that search records and rendered headings share it.
export {inlinePlainText, innerNodes, mapInlineLeaves, parseCellMarkup, parseInlineMarkup, type InlineNode} from '@site/schemas/search'
