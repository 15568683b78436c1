import {COPY_BUTTON_DATA, CLASS, dataProps} from './seam'

/**
 * The copy button of a code block, rendered on the server; copy-buttons.ts copies the text of its
 * block's <pre> (the code is not sent twice) and swaps the label for "copied" a moment.
 */
export function CopyButton({copy, copied, label}: {copy: string; copied: string; label: string}) {
  return (
    <button type="button" className={CLASS.codeCopy} aria-label={label} {...dataProps(COPY_BUTTON_DATA, {copy, copied, copyLabel: label})}>
      <span aria-live="polite">{copy}</span>
    </button>
  )
}
