/**
 * Tab panels rendered on the server, the default one shown; tab-groups.ts switches them, syncs sets
 * sharing a group id and remembers the choice.
 */
import type {ReactNode} from 'react'
import {CLASS, DATA} from './seam'

interface TabsProps {
  /** Unique in the page: the ids of the tabs and panels derive from it. */
  id: string
  groupId: string | null
  values: string[]
  labels: string[]
  defaultIndex: number
  children: ReactNode[]
}

export function Tabs({id, groupId, values, labels, defaultIndex, children}: TabsProps) {
  return (
    <div className={CLASS.tabs} {...{[DATA.tabGroup]: groupId ?? undefined}}>
      <div role="tablist" className="tabs-list">
        {labels.map((label, index) => (
          <button
            key={values[index]}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === defaultIndex}
            tabIndex={index === defaultIndex ? 0 : -1}
            className="tabs-tab"
            {...{[DATA.tabValue]: values[index]}}
          >
            {label}
          </button>
        ))}
      </div>
      {children.map((panel, index) => (
        <div
          key={values[index]}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== defaultIndex}
          className="tabs-panel"
        >
          {panel}
        </div>
      ))}
    </div>
  )
}
